import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startFakeUpstream } from '../../../../harness/fake-upstream.js';
import { describeSource } from '../../src/gateway/sources.js';
import { dayIn } from '../../src/lib/dates.js';

type Upstream = Awaited<ReturnType<typeof startFakeUpstream>>;

const envFor = (upstream: Upstream, ttl: string) => ({
  PRICE_API_URL: upstream.url,
  FX_API_URL: `${upstream.url}/fx`,
  MARKET_API_URL: `${upstream.url}/market`,
  PRICE_TTL: ttl,
  FX_TTL: ttl,
  MARKET_TTL: ttl,
  UPSTREAM_TIMEOUT: '300ms',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('market-data gateway against a fake upstream', () => {
  let upstream: Upstream;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({ env: envFor(upstream, '150ms') });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });
  afterEach(() => upstream.setMode('ok'));

  const prices = async () => (await t.app.inject({ method: 'GET', url: '/api/prices' })).json();
  const market = () => t.app.inject({ method: 'GET', url: '/api/market' });

  it('never had a good value: serves the fallbacks (price 0, rate 15,000) and a market error', async () => {
    upstream.setMode('error');
    const never = { name: upstream.url.slice(7), url: null, asOf: null, stale: true };
    expect(await prices()).toEqual({
      pixels: { usd: 0, idr: 0 },
      axs: { usd: 0, idr: 0 },
      usdIdr: 15_000,
      asOf: null,
      stale: true,
      sources: { price: never, rate: never },
    });
    const res = await market();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Failed to load item data.' });
  });

  it('recovers, then serves the last good value as stale through every kind of failure', async () => {
    await sleep(200);
    const good = await prices();
    // One source for every IDR figure: USD times the exchange rate, not CoinGecko's own IDR
    // price (790 and 39,500 in the fake), so the card and the table never disagree.
    expect(good).toMatchObject({
      pixels: { usd: 0.05, idr: 800 },
      axs: { usd: 2.5, idr: 40_000 },
      usdIdr: 16_000,
      stale: false,
    });
    expect(good.asOf).toMatch(/^\d{4}-/);
    expect(good.sources).toEqual({
      price: { name: upstream.url.slice(7), url: null, asOf: expect.any(String), stale: false },
      rate: { name: upstream.url.slice(7), url: null, asOf: expect.any(String), stale: false },
    });
    expect(upstream.requests.find((r) => r.startsWith('/api/v3/simple/price'))).toMatch(
      /vs_currencies=usd(&|$)/,
    );
    const items = (await market()).json();
    expect(items).toMatchObject({ stale: false, sample: false });
    expect(items.data.Farming).toEqual([
      {
        category: 'Farming',
        name: 'Popberry',
        level: 2,
        tier: 'N/A',
        site: null,
        profit_per_energy: 0.5,
        sell_price: 10,
        experience: 0,
        energy: 'N/A',
        time: 3,
      },
      {
        category: 'Farming',
        name: 'Unknown Item',
        level: 1,
        tier: 'N/A',
        site: null,
        profit_per_energy: 0,
        sell_price: 'N/A',
        experience: 0,
        energy: 4,
        time: 'N/A',
      },
    ]);

    for (const mode of ['error', 'garbage', 'huge', 'slow'] as const) {
      upstream.setMode(mode);
      await sleep(200);
      const started = Date.now();
      const stale = await prices();
      expect(Date.now() - started, `${mode} answered within the timeout`).toBeLessThan(1500);
      expect(stale, mode).toMatchObject({
        pixels: { usd: 0.05 },
        usdIdr: 16_000,
        stale: true,
        asOf: good.asOf,
      });
      expect((await market()).json(), mode).toMatchObject({ stale: true });
    }

    upstream.setMode('ok');
    await sleep(200);
    // Past the TTL the last good value is answered at once, stale, while the check runs.
    expect(await prices()).toMatchObject({ stale: true, asOf: good.asOf });
    await vi.waitFor(async () => expect(await prices()).toMatchObject({ stale: false }));
  });

  it('keeps the last good value across a restart, in the database', async () => {
    upstream.setMode('error');
    const again = await createTestApp({ env: envFor(upstream, '150ms') });
    try {
      // A fresh app on a fresh database has nothing: fallbacks.
      expect((await again.app.inject({ method: 'GET', url: '/api/prices' })).json().usdIdr).toBe(
        15_000,
      );
    } finally {
      await again.close();
    }
    const snapshots = await t.db.kysely
      .selectFrom('gateway_snapshots')
      .select('source')
      .orderBy('source')
      .execute();
    expect(snapshots.map((s) => s.source)).toEqual(['fx', 'market', 'prices']);
  });
});

describe('one upstream call per source per TTL', () => {
  let upstream: Upstream;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({ env: { ...envFor(upstream, '60s'), UPSTREAM_TIMEOUT: '2s' } });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('coalesces 200 concurrent requests into one call to each upstream', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: i % 2 ? '/api/prices' : '/api/market',
          remoteAddress: `10.7.${i % 250}.1`,
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(upstream.calls).toEqual({ '/api/v3/simple/price': 1, '/fx': 1, '/market': 1 });
    // Polling again inside the TTL costs nothing upstream.
    for (let i = 0; i < 20; i += 1)
      await t.app.inject({ method: 'GET', url: '/api/prices', remoteAddress: '10.8.0.1' });
    expect(upstream.calls['/api/v3/simple/price']).toBe(1);
  });
});

describe('market without a configured source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PRICE_API_URL: 'http://127.0.0.1:9',
        FX_API_URL: 'http://127.0.0.1:9/fx',
        UPSTREAM_TIMEOUT: '200ms',
      },
    });
  });
  afterAll(() => t.close());

  it('serves the shipped sample, labelled as such', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/market' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sample).toBe(true);
    expect(Object.keys(body.data)).toEqual(['Farming', 'Cooking', 'Woodwork']);
    expect(body.data.Woodwork.at(-1)).toMatchObject({
      name: 'Carved Sign',
      level: 1,
      sell_price: 'N/A',
    });
  });
});

describe('the per-address limit of the prices under a crowd', () => {
  let upstream: Upstream;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({ env: { ...envFor(upstream, '60s'), TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const pricesFrom = (address: string) =>
    t.app.inject({ method: 'GET', url: '/api/prices', headers: { 'x-forwarded-for': address } });

  it('still counts an address after 6,000 other addresses have called', async () => {
    const busy = '198.51.100.7';
    for (let i = 0; i < 300; i += 1) expect((await pricesFrom(busy)).statusCode).toBe(200);
    expect((await pricesFrom(busy)).statusCode).toBe(429);

    // More visitors within the minute than the rate-limit plugin remembers by default (5,000).
    for (let i = 0; i < 6_000; i += 1) {
      const res = await pricesFrom(`10.1.${i >> 8}.${i & 255}`);
      expect(res.statusCode).toBe(200);
    }

    const res = await pricesFrom(busy);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in /);
  });
});

describe('the sources credited under the figures', () => {
  it('names the default services with the link their terms ask for, and others by host', () => {
    expect(describeSource('https://api.coingecko.com')).toEqual({
      name: 'CoinGecko',
      url: 'https://www.coingecko.com',
    });
    expect(describeSource('https://pro-api.coingecko.com')).toMatchObject({ name: 'CoinGecko' });
    expect(describeSource('https://open.er-api.com/v6/latest/USD')).toEqual({
      name: 'ExchangeRate-API',
      url: 'https://www.exchangerate-api.com',
    });
    expect(describeSource('https://rates.example.com:8443/usd')).toEqual({
      name: 'rates.example.com:8443',
      url: null,
    });
    expect(describeSource('https://notcoingecko.com')).toMatchObject({ url: null });
  });
});

describe('the figures as of the services’ own times', () => {
  let upstream: Upstream;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({ env: envFor(upstream, '10m') });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('is as of the rate’s time_last_update_unix and the prices’ last_updated_at, not the fetch', async () => {
    // The rate was updated at 00:02:31 UTC today; the prices seven minutes ago.
    const rateTime = Math.floor(Date.now() / 86_400_000) * 86_400 + 151;
    const priceTime = Math.floor(Date.now() / 1000) - 420;
    upstream.setRatesUpdatedAt(rateTime);
    upstream.setPricesUpdatedAt(priceTime);
    const answer = (await t.app.inject({ method: 'GET', url: '/api/prices' })).json();
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    expect(answer.sources.rate.asOf).toBe(iso(rateTime));
    expect(answer.sources.price.asOf).toBe(iso(priceTime));
    expect(answer.asOf).toBe(iso(Math.min(rateTime, priceTime)));
    const asked = upstream.requests.find((r) => r.startsWith('/api/v3/simple/price'));
    expect(new URL(asked!, 'http://x').searchParams.get('include_last_updated_at')).toBe('true');

    // Today's records are converted at that rate, kept as today's (the day it was fetched).
    const kept = await t.db.kysely
      .selectFrom('daily_rates')
      .select(['day', 'value'])
      .where('series', '=', 'usd-idr')
      .execute();
    expect(kept).toEqual([{ day: dayIn(t.config.timeZone), value: 16_000 }]);
  });
});
