import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isErrorLine, stopChild, waitForAddress } from '../harness/server-process.js';

const START_TIMEOUT_MS = 60_000;

export type ServerOptions = {
  entry: string;
  dataDir: string;
  /** PostgreSQL when given, else the SQLite file in the data directory. */
  databaseUrl: string | undefined;
  upstreamUrl: string;
  admin: { email: string; username: string; password: string };
};

export type RunningServer = {
  port: number;
  /** Lines the server logged at level error or above. */
  errorLines: string[];
  /** SIGTERM, then the exit code; null when it had to be killed. */
  stop(): Promise<number | null>;
  /** For the emergency path: ends the process at once. */
  kill(): void;
};

/**
 * Starts the server as its own process on a free port of 127.0.0.1, configured the way it runs
 * in production behind a proxy, so that every virtual client has its own address.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // Sources run through tsx, with the workspace packages resolved to their sources too.
  const nodeArgs = options.entry.endsWith('.ts')
    ? ['--conditions=source', '--import', import.meta.resolve('tsx'), options.entry]
    : [options.entry];
  const child = spawn(process.execPath, nodeArgs, {
    // The data directory, so that no .env of the checkout is read.
    cwd: options.dataDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_USERNAME: options.admin.username,
      ADMIN_PASSWORD: options.admin.password,
      REGISTER_MAX_PER_HOUR: '100000',
      TRUST_PROXY: 'true',
      SEED_DEMO_CONTENT: 'true',
      PRICE_API_URL: options.upstreamUrl,
      FX_API_URL: `${options.upstreamUrl}/fx`,
      MARKET_API_URL: '',
      // One instance on its own: no state shared through Redis.
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errorLines: string[] = [];
  const url = await waitForAddress(child, {
    timeoutMs: START_TIMEOUT_MS,
    onLine: (line) => {
      if (isErrorLine(line)) errorLines.push(line);
    },
  });
  const port = Number(new URL(url).port);
  return {
    port,
    errorLines,
    stop: () => stopChild(child),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Stands in for the price and exchange-rate services as an outage: every call answers 503, so
 * the server serves its fallback figures and no request ever leaves this machine.
 */
export async function startUnavailableUpstream(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
