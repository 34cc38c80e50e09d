import http from 'node:http';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Call = {
  method: Method;
  /** The route's template ("PUT /api/wallets/:id"), under which the request is counted. */
  route: string;
  path: string;
  token?: string;
  body?: unknown;
  /** The one status that counts as success: the workload is built so that every request succeeds. */
  expect: number;
  /** The address the server sees the request from (it runs as if behind a proxy). */
  from: string;
};

export type FailureKind = 'status' | 'timeout' | 'socket' | 'check';

/** What was sent and what came back, for every request of one phase. */
export class Recorder {
  /** Milliseconds per request, by route. */
  readonly latencies = new Map<string, number[]>();
  readonly failures: { kind: FailureKind; route: string; detail: string }[] = [];
  acknowledgedWrites = 0;
  status5xx = 0;

  count(kind: FailureKind) {
    return this.failures.filter((failure) => failure.kind === kind).length;
  }

  fail(kind: FailureKind, route: string, detail: string) {
    this.failures.push({ kind, route, detail });
  }
}

class RequestTimeout extends Error {}

/**
 * Sends JSON requests to the server over at most `connections` keep-alive connections and
 * records each one. A request that has not completed within `timeoutMs` is abandoned and counted
 * as a timeout; nothing is ever retried, so every failure shows.
 */
export class HttpClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly port: number,
    private readonly timeoutMs: number,
    connections: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  /** The parsed answer when the status is the expected one; otherwise undefined, and recorded. */
  async send(recorder: Recorder, call: Call): Promise<unknown> {
    let latencies = recorder.latencies.get(call.route);
    if (!latencies) recorder.latencies.set(call.route, (latencies = []));
    const started = performance.now();
    try {
      const { status, text } = await this.exchange(call);
      latencies.push(performance.now() - started);
      if (status !== call.expect) {
        if (status >= 500) recorder.status5xx += 1;
        recorder.fail(
          'status',
          call.route,
          `${status} (expected ${call.expect}): ${text.slice(0, 200)}`,
        );
        return undefined;
      }
      if (call.method !== 'GET') recorder.acknowledgedWrites += 1;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        recorder.fail('check', call.route, `the answer is not JSON: ${text.slice(0, 200)}`);
        return undefined;
      }
    } catch (error) {
      latencies.push(performance.now() - started);
      if (error instanceof RequestTimeout) {
        recorder.fail('timeout', call.route, `no answer within ${this.timeoutMs} ms`);
      } else {
        recorder.fail('socket', call.route, (error as Error).message);
      }
      return undefined;
    }
  }

  close() {
    this.agent.destroy();
  }

  private exchange(call: Call): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const headers: http.OutgoingHttpHeaders = {
        accept: 'application/json',
        'x-forwarded-for': call.from,
      };
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new RequestTimeout());
      }, this.timeoutMs);
      const settle = (error: Error | undefined, result?: { status: number; text: string }) => {
        clearTimeout(timer);
        if (error) reject(timedOut ? new RequestTimeout() : error);
        else resolve(result!);
      };
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: call.method,
          path: call.path,
          headers,
          agent: this.agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            settle(undefined, {
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', (error) => settle(error));
          response.on('close', () => {
            if (!response.complete) settle(new Error('connection closed before the answer ended'));
          });
        },
      );
      request.on('error', (error) => settle(error));
      request.end(payload);
    });
  }
}
