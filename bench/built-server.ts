import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveServerEntry, stopChild, waitForAddress } from '../harness/server-process.js';

const START_TIMEOUT_MS = 30_000;

export type BuiltServer = { url: string; stop: () => Promise<void> };

/**
 * Starts the production build (server and web app) as a child process on a free port and a
 * temporary SQLite data directory, so the demo content is seeded as on a fresh install.
 * BENCH_SERVER_ENTRY and BENCH_WEB_DIST point it at a private build instead of the shared one.
 */
export async function startBuiltServer(): Promise<BuiltServer> {
  const entry = resolveServerEntry('BENCH_SERVER_ENTRY');
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
    await stopChild(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { url: await waitForAddress(server, { timeoutMs: START_TIMEOUT_MS }), stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
