import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const START_TIMEOUT_MS = 60_000;
/** main.ts gives itself 10 s to close; a little more before the process is killed. */
const STOP_TIMEOUT_MS = 15_000;

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

/** The server's entry: the production build unless LOAD_SERVER_ENTRY names another file. */
export function resolveEntry(root: string): string {
  const entry = path.resolve(
    process.env.LOAD_SERVER_ENTRY ?? path.join(root, 'apps/server/dist/main.js'),
  );
  if (!fs.existsSync(entry)) {
    throw new Error(
      `No server at ${entry}. Build first (npm run build), or point LOAD_SERVER_ENTRY at apps/server/src/main.ts to run the sources.`,
    );
  }
  return entry;
}

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
  const port = await waitForPort(child, errorLines);
  return {
    port,
    errorLines,
    stop: () => stop(child),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Collects the server's error log lines and resolves with the port it announces. */
function waitForPort(child: ChildProcess, errorLines: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onLine = (line: string) => {
      if (output.length < 20_000) output += `${line}\n`;
      if (isErrorLine(line)) errorLines.push(line);
      const match = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    splitLines(child.stdout, onLine);
    splitLines(child.stderr, (line) => {
      onLine(line);
      process.stderr.write(`[server] ${line}\n`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });
}

/** A pino line at level error (50) or fatal (60). */
function isErrorLine(line: string) {
  if (!line.startsWith('{')) return false;
  try {
    return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
  } catch {
    return false;
  }
}

function splitLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void) {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream?.on('end', () => {
    if (rest) onLine(rest);
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
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
