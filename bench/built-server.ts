import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export type BuiltServer = { url: string; stop: () => Promise<void> };

/**
 * Starts the production build (server and web app) as a child process on a free port and a
 * temporary SQLite data directory, so the demo content is seeded as on a fresh install.
 * BENCH_SERVER_ENTRY and BENCH_WEB_DIST point it at a private build instead of the shared one.
 */
export async function startBuiltServer(): Promise<BuiltServer> {
  const entry = path.resolve(
    process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'apps/server/dist/main.js'),
  );
  if (!fs.existsSync(entry)) throw new Error(`${entry} does not exist: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-bench-'));
  const server = spawn(process.execPath, [entry], {
    cwd: dataDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_WEB_DIST
        ? { WEB_DIST_DIR: path.resolve(process.env.BENCH_WEB_DIST) }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cleanUp = async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { url: await waitForAddress(server), stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function waitForAddress(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}
