/**
 * Requests at a fixed rate, whatever the answers do (an open loop), over a fixed number of
 * kept-alive connections: the load under which two servers' latencies can be compared. A closed
 * loop (autocannon: each connection sends its next request when the last is answered) keeps every
 * connection busy, so each side's latency is its connections divided by its own rate (Little's
 * law) and says how fast it is, not how long a user waits at a given load.
 *
 * Each latency is counted from when its request was due, not from when a connection was free to
 * send it: a server that falls behind shows its queue in the figures rather than slowing the
 * load down (no coordinated omission).
 *
 * The client is a few lines over `node:net` rather than an HTTP library: the requests are written
 * as prepared bytes and an answer is framed by its Content-Length alone (both sides of the
 * benchmark send one; anything else counts as an error). undici, tried first, cost this process
 * so much per request that at 10,000 a second the bare baseline's p99 read 50–160 ms: the load
 * generator, not the server, was measured.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export type PacedRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
};

export type PacedOptions = {
  url: string;
  connections: number;
  /** Requests a second, spread evenly. */
  rate: number;
  seconds: number;
  /** The next request to send. */
  next: () => PacedRequest;
};

export type PacedResult = {
  /** Milliseconds from each answered request's due time to its answer's last byte. */
  latencies: Float64Array;
  sent: number;
  /** 2xx answers. */
  answered: number;
  non2xx: number;
  /** Failed connections, unframed answers, and requests not answered within DRAIN_MS. */
  errors: number;
};

/** How long the answers still owed at the end are waited for. */
const DRAIN_MS = 10_000;
/** The timer's step: requests due within it are sent together. */
const TICK_MS = 1;
/** An answer's head larger than this is not an answer of either side. */
const MAX_HEAD = 16 * 1024;

const HEAD_END = Buffer.from('\r\n\r\n');

type Connection = {
  socket: net.Socket;
  /** The due time of the request in flight, if any. */
  due: number | undefined;
  chunks: Buffer[];
  buffered: number;
  /** Bytes of the answer in flight: its head and body, once the head is read. */
  expected: number | undefined;
  status: number;
};

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const { hostname, port, host } = new URL(options.url);
  const latencies: number[] = [];
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  const waiting: number[] = [];
  let waitingHead = 0;
  const idle: Connection[] = [];
  let inFlight = 0;
  let onSettled: (() => void) | undefined;

  const requestBytes = (request: PacedRequest) => {
    let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n`;
    for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
    return Buffer.from(`${head}\r\n`);
  };

  const dispatch = (connection: Connection) => {
    if (waitingHead < waiting.length) {
      const due = waiting[waitingHead] as number;
      waitingHead += 1;
      if (waitingHead > 4096 && waitingHead * 2 > waiting.length) {
        waiting.splice(0, waitingHead);
        waitingHead = 0;
      }
      connection.due = due;
      inFlight += 1;
      connection.socket.write(requestBytes(options.next()));
    } else {
      idle.push(connection);
    }
  };

  const finish = (connection: Connection, ok: boolean) => {
    const due = connection.due;
    connection.due = undefined;
    connection.chunks = [];
    connection.buffered = 0;
    connection.expected = undefined;
    if (due === undefined) return;
    inFlight -= 1;
    if (ok) {
      latencies.push(performance.now() - due);
      if (connection.status >= 200 && connection.status < 300) answered += 1;
      else non2xx += 1;
    } else {
      errors += 1;
    }
    if (inFlight === 0) onSettled?.();
  };

  const onData = (connection: Connection, data: Buffer) => {
    connection.chunks.push(data);
    connection.buffered += data.length;
    if (connection.expected === undefined) {
      const all = connection.chunks.length === 1 ? data : Buffer.concat(connection.chunks);
      connection.chunks = [all];
      const headEnd = all.indexOf(HEAD_END);
      if (headEnd < 0) {
        if (all.length > MAX_HEAD) connection.socket.destroy(new Error('answer head too large'));
        return;
      }
      const head = all.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      if (length === undefined) {
        connection.socket.destroy(new Error('answer without Content-Length'));
        return;
      }
      connection.status = Number(head.slice(9, 12));
      connection.expected = headEnd + HEAD_END.length + Number(length);
    }
    if (connection.buffered < connection.expected) return;
    if (connection.buffered > connection.expected) {
      connection.socket.destroy(new Error('more bytes than the answer'));
      return;
    }
    finish(connection, true);
    dispatch(connection);
  };

  const connections: Connection[] = [];
  await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = net.connect({ host: hostname, port: Number(port) });
          socket.setNoDelay(true);
          const connection: Connection = {
            socket,
            due: undefined,
            chunks: [],
            buffered: 0,
            expected: undefined,
            status: 0,
          };
          connections.push(connection);
          socket.once('connect', () => {
            idle.push(connection);
            resolve();
          });
          socket.once('error', reject);
          socket.on('data', (data) => onData(connection, data));
          socket.on('close', () => {
            const at = idle.indexOf(connection);
            if (at >= 0) idle.splice(at, 1);
            finish(connection, false);
          });
        }),
    ),
  );
  for (const connection of connections) {
    connection.socket.removeAllListeners('error');
    connection.socket.on('error', () => {});
  }

  const interval = 1000 / options.rate;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = Math.min(performance.now(), end);
      for (let due = start + sent * interval; due <= now; due = start + sent * interval) {
        sent += 1;
        waiting.push(due);
        const connection = idle.pop();
        if (connection) dispatch(connection);
      }
      if (now >= end) resolve();
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
  // The requests still waiting for a connection, and those in flight, are answered or not.
  const owed = () => inFlight + (waiting.length - waitingHead);
  if (owed() > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, DRAIN_MS);
      onSettled = () => {
        if (owed() > 0) return;
        clearTimeout(timer);
        resolve();
      };
    });
  }
  const result: PacedResult = {
    latencies: Float64Array.from(latencies),
    sent,
    answered,
    non2xx,
    errors: errors + owed(),
  };
  for (const connection of connections) connection.socket.destroy();
  return result;
}
