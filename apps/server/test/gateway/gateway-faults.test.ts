import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startFakeUpstream, type Mode } from '../../../../harness/fake-upstream.js';

type Upstream = Awaited<ReturnType<typeof startFakeUpstream>>;

const TIMEOUT_MS = 300;
// Generous for a busy 2-core machine, yet far below what a hanging upstream (10 s) would cost.
const MARGIN_MS = 1_200;
const TTL_MS = 100;
const WAVES = 4;
const PER_WAVE = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { url: string; status: number; ms: number; body: Record<string, unknown> };

/**
 * Waves of concurrent requests, spaced past the TTL so that every wave triggers a fresh upstream
 * attempt while the earlier ones may still be running.
 */
async function underLoad(t: TestApp): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let wave = 0; wave < WAVES; wave += 1) {
    const batch = Array.from({ length: PER_WAVE }, async (_, i) => {
      const url = i % 2 ? '/api/prices' : '/api/market';
      const started = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: `10.${wave}.${i}.1`,
      });
      answers.push({
        url,
        status: res.statusCode,
        ms: performance.now() - started,
        body: res.json(),
      });
    });
    await Promise.all(batch);
    await sleep(TTL_MS + 20);
  }
  return answers;
}

function slowest(answers: Answer[]) {
  return Math.max(...answers.map((a) => a.ms));
}

const FAULTS: Mode[] = ['slow', 'error', 'garbage', 'huge', 'reset'];

describe.each(FAULTS)('upstream %s under concurrent load', (mode) => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());

  const envFor = () => ({
    PRICE_API_URL: upstream.url,
    FX_API_URL: `${upstream.url}/fx`,
    MARKET_API_URL: `${upstream.url}/market`,
    PRICE_TTL: `${TTL_MS}ms`,
    FX_TTL: `${TTL_MS}ms`,
    MARKET_TTL: `${TTL_MS}ms`,
    UPSTREAM_TIMEOUT: `${TIMEOUT_MS}ms`,
  });

  it('with no good value ever: every request answers the fallbacks within the timeout', async () => {
    upstream.setMode(mode);
    const t = await createTestApp({ env: envFor() });
    try {
      const answers = await underLoad(t);
      expect(answers).toHaveLength(WAVES * PER_WAVE);
      expect(slowest(answers)).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      for (const a of answers) {
        if (a.url === '/api/prices') {
          expect(a.status).toBe(200);
          expect(a.body).toMatchObject({ pixels: { usd: 0 }, usdIdr: 15_000, stale: true });
        } else {
          expect(a.status).toBe(503);
          expect(a.body).toEqual({ message: 'Failed to load item data.' });
        }
      }
    } finally {
      await t.close();
    }
  });

  it('after a good value: every request answers it as stale within the timeout', async () => {
    upstream.setMode('ok');
    const t = await createTestApp({ env: envFor() });
    try {
      const warm = await t.app.inject({ method: 'GET', url: '/api/prices' });
      // The upstream's own values (the fallbacks are 0 and 15,000). Not whether they are still
      // fresh: with a 100 ms TTL a busy machine can age them past it before the answer is made.
      expect(warm.json()).toMatchObject({ pixels: { usd: 0.05 }, usdIdr: 16_000 });
      await t.app.inject({ method: 'GET', url: '/api/market' });
      upstream.setMode(mode);
      await sleep(TTL_MS + 20);

      const before = upstream.calls['/api/v3/simple/price'] ?? 0;
      const answers = await underLoad(t);
      expect(slowest(answers)).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body).toMatchObject({ stale: true });
        if (a.url === '/api/prices') expect(a.body).toMatchObject({ usdIdr: 16_000 });
      }
      // Each wave is one attempt per source, not one per request.
      const attempts = (upstream.calls['/api/v3/simple/price'] ?? 0) - before;
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(attempts).toBeLessThanOrEqual(WAVES + 2);
    } finally {
      await t.close();
    }
  });
});
