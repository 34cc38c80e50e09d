import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './browser.js';
import { E2E_ADMIN } from './fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 30_000;

/**
 * Starts the production build on a temporary data directory and a free port, and hands its
 * address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  findChromium();
  // A private build (E2E_SERVER_ENTRY, E2E_WEB_DIST) lets two checkouts' suites run side by side.
  const entry = path.resolve(
    process.env.E2E_SERVER_ENTRY ?? path.join(root, 'apps/server/dist/main.js'),
  );
  if (!fs.existsSync(entry)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-e2e-'));
  const server = spawn(process.execPath, [entry], {
    cwd: dataDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      REGISTER_MAX_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: path.resolve(process.env.E2E_WEB_DIST) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.env.E2E_BASE_URL = await waitForAddress(server);

  return async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForAddress(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
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
    if (server.exitCode !== null) return resolve();
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}
