import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_META_NAME, DEMO_NOTICE } from '@nexusplay/contract/page-data';
import { startProcess, type StartedProcess } from '../../../../../harness/child-process.js';
import { ROOT, SOURCE_ENTRY } from '../../../../../harness/server-process.js';
import { TEST_ENGINE } from '../../support/test-app.js';

type Portfolio = {
  summary: { total_usd: number | null; tokens: { symbol: string; amount?: number }[] };
};

/**
 * `npm run demo` as a newcomer runs it (harness/demo.ts), on the server's sources instead of
 * its build: the local node, the local price service and the portal, with the demo user's
 * wallets valued from what the local chain holds. The demo keeps SQLite whatever the engine.
 */
describe.runIf(TEST_ENGINE === 'sqlite')('npm run demo', () => {
  let demo: StartedProcess;
  let webDist: string;

  beforeAll(async () => {
    // The web app's page template as the build starts from it, so that a page can be served
    // without building the app.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nexusplay-demo-web-'));
    fs.copyFileSync(path.join(ROOT, 'apps/web/index.html'), path.join(webDist, 'index.html'));
    demo = await startProcess({
      args: ['--conditions=source', '--import', 'tsx', path.join(ROOT, 'harness/demo.ts')],
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        DEMO_SERVER_ENTRY: SOURCE_ENTRY,
        WEB_DIST_DIR: webDist,
      },
      ready: /NexusPlay demo is serving on (http:\/\/\S+)/,
      timeoutMs: 60_000,
      echoStderr: true,
    });
  }, 70_000);

  afterAll(async () => {
    if (demo) expect(await demo.stop()).toBe(0);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('marks every page "Demo chain and prices"', async () => {
    for (const page of ['/', '/tools/wallet-tracker', '/games']) {
      const html = await (await fetch(`${demo.url}${page}`)).text();
      expect(html).toContain(`<meta name="${DEMO_META_NAME}" content="${DEMO_NOTICE}">`);
    }
  });

  it("values the demo user's wallets from the local chain at the local prices", async () => {
    const login = await fetch(`${demo.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'try the demo chain' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const deadline = Date.now() + 20_000;
    let portfolio: Portfolio;
    do {
      const answer = await fetch(`${demo.url}/api/portfolio`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      portfolio = (await answer.json()) as Portfolio;
      if ((portfolio.summary.total_usd ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    // 20,000 PIXEL at $0.05 alone is $1,000; the chain holds more besides.
    expect(portfolio.summary.total_usd).toBeGreaterThan(1_000);
    const symbols = portfolio.summary.tokens.map((token) => token.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['PIXEL', 'AXS', 'RON']));
  });
});
