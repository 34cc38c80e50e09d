import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveServerEntry, stopChild, waitForAddress } from '../harness/server-process.js';
import { findChromium } from './browser.js';
import { E2E_ADMIN } from './fixtures.js';

const START_TIMEOUT_MS = 30_000;

/**
 * Starts the production build on a temporary data directory and a free port, and hands its
 * address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  findChromium();
  // A private build (E2E_SERVER_ENTRY, E2E_WEB_DIST) lets two checkouts' suites run side by side.
  const entry = resolveServerEntry('E2E_SERVER_ENTRY');
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
  process.env.E2E_BASE_URL = await waitForAddress(server, { timeoutMs: START_TIMEOUT_MS });

  return async () => {
    await stopChild(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
