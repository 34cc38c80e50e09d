import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { dayIn } from '../src/lib/dates.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { startFakeUpstream } from '../../../harness/fake-upstream.js';
import { loginToken, registerUser } from './helpers/accounts.js';
import { apiCall, type CallArgs } from './helpers/content.js';

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

/** How many times CoinGecko's history was asked for `coin` on `day` (YYYY-MM-DD). */
function historyCalls(upstream: Upstream, coin: string, day: string) {
  const [y, m, d] = day.split('-');
  return upstream.requests.filter(
    (address) =>
      address.startsWith(`/api/v3/coins/${coin}/history?`) &&
      address.includes(`date=${d}-${m}-${y}`),
  ).length;
}

describe('income valued at the price of its day', () => {
  let upstream: Upstream;
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({ env: envFor(upstream) });
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    alice = await loginToken(t.app, a.email, a.password);
    bob = await loginToken(t.app, b.email, b.password);
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
    upstream.setHistory('pixels', '2025-03-15', 0.02);
    const res = await call('POST', '/api/income-pixels', alice, {
      pixels: 1000,
      expense: 100,
      expense_type: 'pixels',
      date: '2025-03-15',
    });
    expect(res.json().data).toMatchObject({
      date: '2025-03-15',
      price_usd: 0.02,
      net_income: 18,
      converted_expense: '100 Pixels ($2.00)',
    });
  });

  it('asks the history once per token and day, for every user and every instance', async () => {
    upstream.setHistory('axie-infinity', '2025-02-01', 3);
    const body = { axs: 1, date: '2025-02-01' };
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
    expect(historyCalls(upstream, 'axie-infinity', '2025-02-01')).toBe(1);
  });

  it('keeps a day without a price pending, without asking again for it', async () => {
    const body = { pixels: 50, date: '2020-01-01' };
    const first = (await call('POST', '/api/income-pixels', alice, body)).json().data;
    expect(first).toMatchObject({ price_usd: null, net_income: null });
    await call('POST', '/api/income-pixels', bob, body);
    await listOf('/api/income-pixels', alice);
    expect(historyCalls(upstream, 'pixels', '2020-01-01')).toBe(1);
  });

  it('leaves a future day pending without asking anyone', async () => {
    const res = await call('POST', '/api/income-pixels', alice, { pixels: 5, date: '2099-01-01' });
    expect(res.json().data).toMatchObject({ price_usd: null, usd_idr: null, net_income: null });
    expect(upstream.requests.some((address) => address.includes('2099'))).toBe(false);
  });

  it('values a past record once the history answers again after a failure', async () => {
    upstream.setMode('error');
    await sleep(TTL_MS + 20);
    const saved = (
      await call('POST', '/api/income-pixels', alice, { pixels: 10, date: '2025-04-01' })
    ).json().data;
    expect(saved).toMatchObject({ price_usd: null, net_income: null });

    upstream.setMode('ok');
    upstream.setHistory('pixels', '2025-04-01', 0.03);
    await vi.waitFor(
      async () => {
        const record = (await listOf('/api/income-pixels', alice)).find((r) => r.id === saved.id);
        expect(record).toMatchObject({ price_usd: 0.03, net_income: 0.3 });
      },
      { timeout: 4000, interval: 100 },
    );
  });

  it('uses the rate kept for a past day, else the nearest known one, and says which day', async () => {
    const asOf = new Date().toISOString();
    await t.db.kysely
      .insertInto('daily_rates')
      .values([
        { series: 'usd-idr', day: '2024-06-10', value: 15_800, as_of: asOf },
        { series: 'usd-idr', day: '2024-06-20', value: 16_100, as_of: asOf },
      ])
      .execute();
    for (const day of ['2024-06-10', '2024-06-12', '2024-06-19'])
      upstream.setHistory('pixels', day, 0.3);
    const save = async (date: string) =>
      (await call('POST', '/api/income-pixels', alice, { pixels: 1, date })).json().data;

    expect(await save('2024-06-10')).toMatchObject({ usd_idr: 15_800, usd_idr_date: '2024-06-10' });
    expect(await save('2024-06-12')).toMatchObject({ usd_idr: 15_800, usd_idr_date: '2024-06-10' });
    expect(await save('2024-06-19')).toMatchObject({ usd_idr: 16_100, usd_idr_date: '2024-06-20' });
    // Today's rate is the exchange-rate service's latest, kept as today's.
    expect(await save(today())).toMatchObject({ usd_idr: 16_000, usd_idr_date: today() });
  });

  it('on edit: values a pending record, keeps a valued one’s price, and revalues a new date', async () => {
    upstream.setMode('error');
    await sleep(TTL_MS + 20);
    const saved = (
      await call('POST', '/api/income-pixels', alice, { pixels: 100, date: '2025-05-01' })
    ).json().data;
    expect(saved.price_usd).toBeNull();

    upstream.setMode('ok');
    upstream.setHistory('pixels', '2025-05-01', 0.02);
    upstream.setHistory('pixels', '2025-05-02', 0.04);
    await sleep(TTL_MS + 20);
    const put = async (body: Record<string, unknown>) =>
      (await call('PUT', `/api/income-pixels/${saved.id}`, alice, body)).json().data;

    expect(
      await put({ pixels: 200, expense: 1, expense_type: 'usd', date: '2025-05-01' }),
    ).toMatchObject({ price_usd: 0.02, net_income: 3, converted_expense: '50 Pixels ($1.00)' });
    expect(await put({ pixels: 300, date: '2025-05-01' })).toMatchObject({
      price_usd: 0.02,
      net_income: 6,
    });
    expect(await put({ pixels: 300, date: '2025-05-02' })).toMatchObject({
      price_usd: 0.04,
      net_income: 12,
    });
  });
});

describe('the price history under its rate limit', () => {
  let upstream: Upstream;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp({ env: { ...envFor(upstream), PRICE_HISTORY_RATE: '2' } });
    const user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('asks for no more days than the rate allows; the others wait, pending', async () => {
    const days = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04'];
    for (const day of days) upstream.setHistory('pixels', day, 0.01);
    const saved = [];
    for (const date of days) {
      const res = await apiCall(t.app, 'POST', '/api/income-pixels', token, { pixels: 1, date });
      saved.push(res.json().data.price_usd);
    }
    expect(saved).toEqual([0.01, 0.01, null, null]);
    expect(upstream.calls['/api/v3/coins/pixels/history']).toBe(2);
  });
});
