/**
 * The hourly portfolio snapshot pass (modules/portfolio/daily-snapshots.ts) over 2 users with
 * 10,000 wallets each (an import made before MAX_WALLETS, which the pass must survive), beside a
 * read load: the node requests the pass makes (it values only the wallets the portfolio shows,
 * at RONIN_RPS requests a second), and what it does to the latency of a signed-in page read
 * meanwhile. The server runs in this process, as in the signed-in bench; the node is the real EVM
 * node of harness/ronin-node.ts, which counts what it is asked. That node runs in this process
 * too, so the read latency beside the pass includes the node's execution of the pass's calls:
 * it is printed as information until the node runs in a process of its own.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PORTFOLIO_MAX_WALLETS } from '@nexusplay/contract/portfolio';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/database.js';
// The app's `gateway` (declared where the gateway plugin decorates the app).
import type {} from '../apps/server/src/gateway/gateway-plugin.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { insertLinks } from '../apps/server/src/modules/links/links.repository.js';
import { takeDailySnapshot } from '../apps/server/src/modules/portfolio/portfolio.service.js';
import { createUser } from '../apps/server/src/modules/users/users.repository.js';
import { insertWallets } from '../apps/server/src/modules/wallets/wallets.repository.js';
import { startPortfolioNode } from './portfolio-bench.js';
import { median, ms, type Check, onBothEngines } from './report.js';

export type SnapshotBenchOptions = { wallets: number; postgresUrl: string | undefined };

const OWNERS = 2;
/** The server's default RONIN_RPS. */
const RPS = 5;
/** Wallets the node is asked for per request (the pass's page). */
const PAGE = 50;
/** The read's median beside the pass, against alone. */
const MAX_READ_RATIO = 1.5;
const READ_MS = 3000;

export async function runSnapshotBench(options: SnapshotBenchOptions): Promise<Check[]> {
  return onBothEngines('snapshot', options.postgresUrl, (engineName, dataDir, databaseOptions) =>
    measure(engineName, options.wallets, dataDir, databaseOptions),
  );
}

async function measure(
  engineName: string,
  wallets: number,
  dataDir: string,
  options: DatabaseOptions,
): Promise<Check[]> {
  console.log(`\nSnapshot pass on ${engineName}: ${OWNERS} users with ${wallets} wallets each`);
  const node = await startPortfolioNode();
  const db = await openDatabase(options);
  let app: App | undefined;
  try {
    const password = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    for (let owner = 0; owner < OWNERS; owner += 1) {
      const user = await createUser(db.kysely, {
        username: `holder-${owner}`,
        email: `holder-${owner}@example.com`,
        passwordHash,
        role: 'user',
      });
      const rows = Array.from({ length: wallets }, (_, index) => ({
        wallet_name: `Wallet ${index}`,
        wallet_address: `0x${(owner * 1_000_000 + index + 1).toString(16).padStart(40, '0')}`,
        category: null,
      }));
      await db.kysely.transaction().execute((trx) => insertWallets(trx, user.id, rows));
    }
    const reader = await createUser(db.kysely, {
      username: 'reader',
      email: 'reader@example.com',
      passwordHash,
      role: 'user',
    });
    const links = Array.from({ length: 100 }, (_, index) => ({
      title: `Link ${index}`,
      url: `https://example.com/${index}`,
      category: null,
    }));
    await db.kysely.transaction().execute((trx) => insertLinks(trx, reader.id, links));
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        ANSWER_CACHE_MB: '0',
        SEED_DEMO_CONTENT: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        RONIN_RPC_URL: node.url,
        RONIN_RPS: String(RPS),
        // No price service: the pass asks for prices once and goes on without them.
        PRICE_API_URL: 'http://127.0.0.1:9',
        FX_API_URL: 'http://127.0.0.1:9/fx',
      }),
      db,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'reader@example.com', password },
    });
    const token = (login.json() as { token: string }).token;
    const read = async () => {
      const begin = performance.now();
      const response = await app!.inject({
        method: 'GET',
        url: '/api/links?limit=10',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`/api/links: ${response.statusCode}`);
      return performance.now() - begin;
    };
    // A turn of the event loop between reads: an injected request can complete without one, and
    // the pass's timers and node answers would then never run.
    const readFor = async (until: () => boolean) => {
      const samples: number[] = [];
      while (!until()) {
        samples.push(await read());
        await nextTurn();
      }
      return samples;
    };

    const aloneEnds = performance.now() + READ_MS;
    const alone = await readFor(() => performance.now() > aloneEnds);

    node.resetCounts();
    let passDone = false;
    const started = performance.now();
    const pass = takeDailySnapshot(db.kysely, app.gateway).finally(() => {
      passDone = true;
    });
    const beside = await readFor(() => passDone);
    await pass;
    const passSeconds = (performance.now() - started) / 1000;
    const { requests, calls } = node.counts;
    const shown = OWNERS * Math.min(wallets, PORTFOLIO_MAX_WALLETS);
    const maxRequests = Math.ceil(shown / PAGE) + 1;
    const ratio = median(beside) / median(alone);
    console.log(
      `  pass: ${calls} node calls in ${requests} requests over ${passSeconds.toFixed(1)} s ` +
        `(${(requests / passSeconds).toFixed(1)} a second, RONIN_RPS=${RPS}); ` +
        `GET /api/links median ${ms(median(alone))} alone, ${ms(median(beside))} beside the pass ` +
        `(${beside.length} reads)`,
    );
    return [
      {
        section: `Snapshot pass ${engineName}`,
        name: `node requests for ${OWNERS} users x ${wallets} wallets`,
        figure: `${requests} requests, ${calls} calls (the portfolio shows ${shown} wallets)`,
        budget: `<= ${maxRequests} requests, <= ${shown + 1} calls`,
        pass: requests <= maxRequests && calls <= shown + 1,
      },
      {
        section: `Snapshot pass ${engineName}`,
        name: 'node requests a second',
        figure: `${(requests / passSeconds).toFixed(1)} over ${passSeconds.toFixed(1)} s`,
        budget: `<= ${RPS}`,
        pass: requests <= 1 || (requests - 1) / passSeconds <= RPS,
      },
      {
        section: `Snapshot pass ${engineName}`,
        name: 'GET /api/links beside the pass',
        figure: `median ${ms(median(beside))} vs ${ms(median(alone))} alone: ${ratio.toFixed(2)}x`,
        budget: `(${MAX_READ_RATIO}x once the node runs apart)`,
        pass: ratio <= MAX_READ_RATIO,
        // The test node executes every call in this process, on the loop the server's reads
        // use: the figure holds the node's work too, so it is shown, not judged.
        informational: true,
      },
    ];
  } finally {
    await app?.close();
    await db.close();
    await node.close();
  }
}
