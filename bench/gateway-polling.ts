/**
 * How many upstream calls do many polling clients cost? Starts the app on a temporary database
 * with a fake upstream on 127.0.0.1, lets CLIENTS clients poll /api/prices and /api/market every
 * POLL_MS for DURATION_MS, and prints the upstream calls per source against the TTL's budget.
 * Bounded in count and time; stops by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { startFakeUpstream } from '../harness/fake-upstream.js';

const CLIENTS = 1000;
const POLL_MS = 5000;
const DURATION_MS = 20_000;
const TTL_MS = 5000;

// A little latency, as a real service has, so that concurrent misses can pile up.
const upstream = await startFakeUpstream({ latencyMs: 50 });
const base = upstream.url;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret!!',
  LOG_LEVEL: 'silent',
  PRICE_API_URL: base,
  FX_API_URL: `${base}/fx`,
  MARKET_API_URL: `${base}/market`,
  PRICE_TTL: `${TTL_MS}ms`,
  FX_TTL: `${TTL_MS}ms`,
  MARKET_TTL: `${TTL_MS}ms`,
});
const db = await openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'bench.db') });
const app = await buildApp({ config, db });
await app.ready();

const started = Date.now();
let requests = 0;
let failures = 0;
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, client) => {
    // Clients start spread over one polling interval, as real tabs do.
    await new Promise((resolve) => setTimeout(resolve, (client / CLIENTS) * POLL_MS));
    while (Date.now() - started < DURATION_MS) {
      for (const url of ['/api/prices', '/api/market']) {
        const res = await app.inject({
          method: 'GET',
          url,
          remoteAddress: `10.${client >> 8}.${client & 255}.1`,
        });
        requests += 1;
        if (res.statusCode !== 200) failures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }),
);
const elapsed = Date.now() - started;
const budget = Math.ceil(elapsed / TTL_MS) + 1;
console.log(
  `${CLIENTS} clients polling every ${POLL_MS} ms for ${(elapsed / 1000).toFixed(1)} s: ${requests} requests, ${failures} failed`,
);
for (const [route, count] of Object.entries(upstream.calls)) {
  console.log(
    `  upstream ${route}: ${count} calls (budget: at most ${budget}, one per ${TTL_MS} ms TTL) ${count <= budget ? 'PASS' : 'FAIL'}`,
  );
}
await app.close();
await db.close();
await upstream.close();
fs.rmSync(dataDir, { recursive: true, force: true });
