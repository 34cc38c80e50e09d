import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { dayIn } from '../../../src/lib/dates.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { startFakeUpstream } from '../../../../../harness/fake-upstream.js';
import { signInUser } from '../../support/accounts.js';
import { apiCall, type CallArgs } from '../../support/content.js';

type Upstream = Awaited<ReturnType<typeof startFakeUpstream>>;

const TTL_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const today = () => dayIn('Asia/Jakarta');

const envFor = (upstream: Upstream) => ({
  PRICE_API_URL: upstream.url,
  FX_API_URL: `${upstream.url}/fx`,
  PRICE_TTL: `${TTL_MS}ms`,
  FX_TTL: `${TTL_MS}ms`,
  UPSTREAM_TIMEOUT: '300ms',
  PRICE_HISTORY_RATE: '6000',
});

/** The calendar day `n` days before today (in the server's time zone). */
const daysAgo = (n: number) => {
  const [y, m, d] = today().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - n)).toISOString().slice(0, 10);
};

/** The past prices CoinGecko gives in these tests, by token and day. */
const PAST = {
  pixels: { 30: 0.02, 50: 0.03, 59: 0.04, 60: 0.02, 91: 0.3, 98: 0.3, 100: 0.3 },
  'axie-infinity': { 40: 3 },
} as const;

/** What CoinGecko knows of past prices, as it would before anything is asked of it. */
function pastPrices(upstream: Upstream) {
  for (const [coin, days] of Object.entries(PAST))
    for (const [ago, usd] of Object.entries(days))
      upstream.setHistory(coin as keyof typeof PAST, daysAgo(Number(ago)), usd);
}

async function standWith(env: Record<string, string> = {}) {
  const upstream = await startFakeUpstream();
  pastPrices(upstream);
  const t = await createTestApp({ env: { ...envFor(upstream), ...env } });
  const { token } = await signInUser(t.app);
  return { upstream, t, token };
}

describe('income valued at the price of its day', () => {
  let upstream: Upstream;
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    pastPrices(upstream);
    t = await createTestApp({ env: envFor(upstream) });
    alice = (await signInUser(t.app)).token;
    bob = (await signInUser(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });
  afterEach(() => upstream.setMode('ok'));

  const call = (...args: CallArgs) => apiCall(t.app, ...args);
  const listOf = async (path: string, token: string) =>
    (await call('GET', path, token)).json().data as Record<string, unknown>[];

  it('saves a record while the prices are down as pending, not $0, and values it once they answer', async () => {
    upstream.setMode('error');
    const saved = await call('POST', '/api/income-axie', alice, {
      axs: 10,
      expense: 5,
      expense_type: 'usd',
    });
    expect(saved.statusCode).toBe(201);
    const pending = saved.json().data;
    expect(pending).toMatchObject({
      income: 10,
      date: today(),
      price_usd: null,
      usd_idr: null,
      usd_idr_date: null,
      net_income: null,
      converted_expense: '$5.00 in AXS (price pending)',
    });
    expect((await listOf('/api/income-axie', alice))[0]).toMatchObject({ price_usd: null });

    // Nobody edits it: reading the list (as the open page does every 5 s) is enough.
    upstream.setMode('ok');
    await vi.waitFor(
      async () => {
        const record = (await listOf('/api/income-axie', alice)).find((r) => r.id === pending.id);
        expect(record).toMatchObject({
          price_usd: 2.5,
          usd_idr: 16_000,
          usd_idr_date: today(),
          net_income: 20,
          converted_expense: '2 AXS ($5.00)',
        });
      },
      { timeout: 4000, interval: 100 },
    );
  });

  it('values a back-dated record at its day’s price from the price history, not today’s', async () => {
    const res = await call('POST', '/api/income-pixels', alice, {
      pixels: 1000,
      expense: 100,
      expense_type: 'pixels',
      date: daysAgo(30),
    });
    expect(res.json().data).toMatchObject({
      date: daysAgo(30),
      price_usd: 0.02,
      net_income: 18,
      converted_expense: '100 Pixels ($2.00)',
    });
  });

  it('asks the history once per token and day, for every user and every instance', async () => {
    const before = upstream.historyCalls('axie-infinity');
    const body = { axs: 1, date: daysAgo(40) };
    expect((await call('POST', '/api/income-axie', alice, body)).json().data.price_usd).toBe(3);
    expect((await call('POST', '/api/income-axie', bob, body)).json().data.price_usd).toBe(3);

    // Another instance on the same database reads the day's price kept there.
    const other = await buildApp({ config: t.config, db: t.db });
    try {
      const answer = await apiCall(other, 'POST', '/api/income-axie', bob, body);
      expect(answer.json().data.price_usd).toBe(3);
    } finally {
      await other.close();
    }
    expect(upstream.historyCalls('axie-infinity') - before).toBe(1);
  });

  it('keeps a day beyond the free plan’s 365 days pending, without asking for it', async () => {
    const before = upstream.requests.length;
    const body = { pixels: 50, date: daysAgo(400) };
    const first = (await call('POST', '/api/income-pixels', alice, body)).json().data;
    expect(first).toMatchObject({ price_usd: null, net_income: null });
    await call('POST', '/api/income-pixels', bob, body);
    await listOf('/api/income-pixels', alice);
    expect(upstream.requests.slice(before).filter((r) => r.startsWith('/api/v3/coins/'))).toEqual(
      [],
    );
  });

  it('asks for past prices only in the documented forms', () => {
    const past = upstream.requests.filter((r) => r.startsWith('/api/v3/coins/'));
    expect(past.length).toBeGreaterThan(0);
    for (const address of past) {
      const query = new URL(address, 'http://x').searchParams;
      if (address.includes('/history?')) expect(query.get('date')).toMatch(/^\d{4}-\d\d-\d\d$/);
      else {
        expect(address).toMatch(/\/market_chart\/range\?/);
        expect(query.get('vs_currency')).toBe('usd');
        expect(query.get('from')).toMatch(/^\d+$/);
        expect(query.get('to')).toMatch(/^\d+$/);
      }
    }
  });

  it('refuses a future day without asking anyone for its price', async () => {
    const res = await call('POST', '/api/income-pixels', alice, { pixels: 5, date: '2099-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ date: `Date cannot be after today (${today()}).` });
    expect(upstream.requests.some((address) => address.includes('2099'))).toBe(false);
  });

  it('uses the rate kept for a past day, else the nearest known one, and says which day', async () => {
    const asOf = new Date().toISOString();
    await t.db.kysely
      .insertInto('daily_rates')
      .values([
        { series: 'usd-idr', day: daysAgo(100), value: 15_800, as_of: asOf },
        { series: 'usd-idr', day: daysAgo(90), value: 16_100, as_of: asOf },
      ])
      .execute();
    const save = async (date: string) =>
      (await call('POST', '/api/income-pixels', alice, { pixels: 1, date })).json().data;

    expect(await save(daysAgo(100))).toMatchObject({
      price_usd: 0.3,
      usd_idr: 15_800,
      usd_idr_date: daysAgo(100),
    });
    expect(await save(daysAgo(98))).toMatchObject({ usd_idr: 15_800, usd_idr_date: daysAgo(100) });
    expect(await save(daysAgo(91))).toMatchObject({ usd_idr: 16_100, usd_idr_date: daysAgo(90) });
    // Today's rate is the exchange-rate service's latest, kept as today's.
    expect(await save(today())).toMatchObject({ usd_idr: 16_000, usd_idr_date: today() });
  });
});

describe('a past record pending while the history fails', () => {
  it('values a past record once the history answers again after a failure', async () => {
    const { upstream, t, token } = await standWith();
    try {
      upstream.setMode('error');
      const saved = (
        await apiCall(t.app, 'POST', '/api/income-pixels', token, { pixels: 10, date: daysAgo(50) })
      ).json().data;
      expect(saved).toMatchObject({ price_usd: null, net_income: null });

      upstream.setMode('ok');
      await vi.waitFor(
        async () => {
          const list = (await apiCall(t.app, 'GET', '/api/income-pixels', token)).json().data;
          const record = list.find((r: { id: number }) => r.id === saved.id);
          expect(record).toMatchObject({ price_usd: 0.03, net_income: 0.3 });
        },
        { timeout: 4000, interval: 100 },
      );
    } finally {
      await t.close();
      await upstream.close();
    }
  });

  it('on edit: values a pending record, keeps a valued one’s price, and revalues a new date', async () => {
    const { upstream, t, token } = await standWith();
    try {
      upstream.setMode('error');
      const saved = (
        await apiCall(t.app, 'POST', '/api/income-pixels', token, {
          pixels: 100,
          date: daysAgo(60),
        })
      ).json().data;
      expect(saved.price_usd).toBeNull();

      upstream.setMode('ok');
      await sleep(TTL_MS + 20);
      const put = async (body: Record<string, unknown>) =>
        (await apiCall(t.app, 'PUT', `/api/income-pixels/${saved.id}`, token, body)).json().data;

      expect(
        await put({ pixels: 200, expense: 1, expense_type: 'usd', date: daysAgo(60) }),
      ).toMatchObject({ price_usd: 0.02, net_income: 3, converted_expense: '50 Pixels ($1.00)' });
      expect(await put({ pixels: 300, date: daysAgo(60) })).toMatchObject({
        price_usd: 0.02,
        net_income: 6,
      });
      expect(await put({ pixels: 300, date: daysAgo(59) })).toMatchObject({
        price_usd: 0.04,
        net_income: 12,
      });
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});

describe('the price history under its rate limit', () => {
  it('asks no more often than the rate allows; the other token waits, pending', async () => {
    const { upstream, t, token } = await standWith({ PRICE_HISTORY_RATE: '1' });
    try {
      const pixels = await apiCall(t.app, 'POST', '/api/income-pixels', token, {
        pixels: 1,
        date: daysAgo(30),
      });
      const axs = await apiCall(t.app, 'POST', '/api/income-axie', token, {
        axs: 1,
        date: daysAgo(40),
      });
      expect([pixels.json().data.price_usd, axs.json().data.price_usd]).toEqual([0.02, null]);
      expect(upstream.historyCalls('pixels') + upstream.historyCalls('axie-infinity')).toBe(1);
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});

describe('a year of back-dated records', () => {
  it('values 365 records of one token, one a day, with at most 3 calls for past prices', async () => {
    const { upstream, t, token } = await standWith();
    try {
      const days = Array.from({ length: 365 }, (_, index) => daysAgo(index + 1));
      days.forEach((day, index) => upstream.setHistory('pixels', day, 0.01 + index / 10_000));
      for (const date of days) {
        const res = await apiCall(t.app, 'POST', '/api/income-pixels', token, { pixels: 1, date });
        expect(res.statusCode).toBe(201);
      }
      await vi.waitFor(
        async () => {
          const pending = await t.db.kysely
            .selectFrom('income_records')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('price_usd', 'is', null)
            .executeTakeFirstOrThrow();
          expect(Number(pending.n)).toBe(0);
        },
        { timeout: 10_000, interval: 200 },
      );
      const valued = await t.db.kysely
        .selectFrom('income_records')
        .select(['date', 'price_usd'])
        .execute();
      expect(valued).toHaveLength(365);
      for (const record of valued)
        expect(Number(record.price_usd)).toBeCloseTo(0.01 + days.indexOf(record.date) / 10_000, 9);
      expect(upstream.historyCalls('pixels')).toBeLessThanOrEqual(3);
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});
