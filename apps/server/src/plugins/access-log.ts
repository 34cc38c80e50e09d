import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** pino's numbers for the two levels an access line is written at. */
const DEBUG = 20;
const INFO = 30;

/** Whether a logger at its level writes lines of `level` (pino's `silent` has no number: none). */
function writes(logger: { level: string }, level: number) {
  return level >= (pino.levels.values[logger.level] ?? Number.POSITIVE_INFINITY);
}

/** Whether a logger writes the access line of every successful read (LOG_LEVEL debug or below). */
export function logsEveryRead(logger: { level: string }) {
  return writes(logger, DEBUG);
}

/** Methods that read: their successful answers change nothing. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A read answered in this time or longer is logged at info, as slow. */
export const SLOW_READ_MS = 500;

/**
 * The level of a completed request's access line: debug for a read that succeeded (below 400)
 * within SLOW_READ_MS, the bulk of the traffic and already in the proxy's log; info for every
 * write, every refusal or failure, and every slow read.
 */
export function accessLevel(method: string, statusCode: number, ms: number) {
  return READS.has(method) && statusCode < 400 && ms < SLOW_READ_MS ? DEBUG : INFO;
}

/** Where log lines go when the app is given a destination (as main.ts does). */
type LogDestination = { write(line: string): void };

/**
 * Query fields whose value is a secret by its name (a reset link's token, an API key, an OAuth
 * code, a signed URL's signature): their values never reach the log.
 */
const SECRET_FIELD = /token|passw|pwd|secret|key|code|sig|authori|session|credential|otp/i;

/**
 * The URL as it may be logged: each query value whose field is named like a secret is replaced
 * by `[redacted]`. Every log line that carries a request's URL takes it from here.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const fields = url.slice(start + 1).split('&');
  let redacted = false;
  for (let i = 0; i < fields.length; i += 1) {
    const field = fields[i] ?? '';
    const equals = field.indexOf('=');
    const name = equals === -1 ? field : field.slice(0, equals);
    if (SECRET_FIELD.test(decodedName(name))) {
      fields[i] = `${name}=[redacted]`;
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, start)}?${fields.join('&')}` : url;
}

/** A field's name as the query parser reads it, so that percent-encoding cannot hide it. */
function decodedName(name: string) {
  const spaced = name.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * pino's serializers for the request objects Fastify logs itself (a 5xx it answers, a failed
 * write of headers): Fastify's own fields, the URL redacted.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** The logger options with logSerializers (a caller's own serializers win). */
export function withLogSerializers(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logSerializers, ...logger.serializers } };
}

const PROCESS_FIELDS = `"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * One access-log line per request, written when it completes, at the level accessLevel gives it:
 * at the default level (info) the writes, the refusals, the failures and the slow reads; at debug
 * every request. Fastify's default writes two for every request (one more on arrival). A
 * successful read's line cost about a sixth of a kept signed-in answer's CPU (bench/RESULTS.md
 * 1b'), for a record the proxy in front keeps too. With a destination, the line is formatted here
 * in pino's shape (level, time, pid, hostname, reqId, msg) and written to it directly: building
 * it through pino cost 2–6 µs more per answer. Errors, rare and worth their detail, go through
 * pino.
 */
export class AccessLog extends LogController {
  constructor(private readonly destination: LogDestination | undefined) {
    super();
  }

  override incomingRequest() {}

  override routeNotFound(request: FastifyRequest) {
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error({ ...accessFields(request, reply, ms), err: error }, 'request errored');
      return;
    }
    const level = accessLevel(request.method, reply.statusCode, ms);
    // Nothing is built for a line the level leaves out.
    if (!writes(reply.log, level)) return;
    if (!this.destination) {
      reply.log[level === INFO ? 'info' : 'debug'](accessFields(request, reply, ms), 'request');
      return;
    }
    this.destination.write(
      `{"level":${level},"time":${Date.now()},${PROCESS_FIELDS},"reqId":${JSON.stringify(request.id)},` +
        `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))},` +
        `"statusCode":${reply.statusCode},"ms":${ms},"ip":${JSON.stringify(request.ip)},"msg":"request"}\n`,
    );
  }
}

/** An access line's fields, for pino. */
function accessFields(request: FastifyRequest, reply: FastifyReply, ms: number) {
  const { method, ip } = request;
  return { method, url: redactUrl(request.url), statusCode: reply.statusCode, ms, ip };
}

/** The destination given in the logger options, if any. */
export function destinationOf(logger: FastifyServerOptions['logger']): LogDestination | undefined {
  if (typeof logger !== 'object' || logger === null || !('stream' in logger)) return undefined;
  const stream = logger.stream as Partial<LogDestination> | undefined;
  return typeof stream?.write === 'function' ? (stream as LogDestination) : undefined;
}

/** Log text gathered before it is handed to the destination, unless LOG_FLUSH_MS passes first. */
const LOG_BATCH_CHARS = 8192;
/** The longest a log line waits in the batch. */
const LOG_FLUSH_MS = 200;

/**
 * Lines gathered into batches of about 8 KB (some 40 access lines), or whatever came within
 * 200 ms, before they go to `destination` in one write. pino's asynchronous destination
 * (sonic-boom) measures the text it holds on every write it is given, which made one write per
 * answer cost a busy server a sixth of a kept signed-in answer's CPU; and each of its writes is a
 * system call on libuv's thread pool.
 */
export class LineBatches implements LogDestination {
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly destination: LogDestination) {}

  write(line: string) {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= LOG_BATCH_CHARS) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), LOG_FLUSH_MS).unref();
    return true;
  }

  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.destination.write(text);
  }
}

/**
 * Standard output through pino's asynchronous destination, in batches (LineBatches). What is
 * still gathered or buffered when the process exits is written then, synchronously.
 */
export function bufferedStdout(): LogDestination {
  const stdout = pino.destination({ dest: 1, sync: false });
  const batches = new LineBatches(stdout);
  process.once('exit', () => {
    batches.flush();
    try {
      stdout.flushSync();
    } catch {
      // Not open yet, or closed: nothing more can be written.
    }
  });
  return batches;
}
