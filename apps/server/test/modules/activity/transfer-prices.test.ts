import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TActivityItem, TActivityPage } from '@nexusplay/contract/activity';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { dayIn } from '../../../src/lib/dates.js';
import {
  insertTransfers,
  type TransferRow,
} from '../../../src/modules/activity/activity.repository.js';
import { activityService } from '../../../src/modules/activity/activity.service.js';
import type { PriceSeries } from '../../../src/config.js';
import { TransferPrices, transferPricesOf } from '../../../src/modules/activity/transfer-prices.js';
import { signInUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import {
  createTestApp,
  createTestDatabase,
  TEST_ENGINE,
  type TestDatabase,
} from '../../support/test-app.js';
import { txHash } from '../../support/chain-ids.js';

const CHAIN_ID = 2020;
const contract = (byte: string) => `0x${byte.repeat(20)}`;
const TOKENS = {
  PIXEL: contract('a1'),
  SLP: contract('c3'),
  WRON: contract('d4'),
  WETH: contract('e5'),
  USDC: contract('f6'),
} as const;
const RONIN_TOKENS = [
  `PIXEL:${TOKENS.PIXEL}:18`,
  `SLP:${TOKENS.SLP}:0`,
  `WRON:${TOKENS.WRON}:18`,
  `WETH:${TOKENS.WETH}:18`,
  `USDC:${TOKENS.USDC}:6`,
].join(',');
/** CoinGecko's coin of each token's daily price (WRON priced as RON, WETH as ETH). */
const COIN = {
  SLP: 'smooth-love-potion',
  WRON: 'ronin',
  WETH: 'ethereum',
  USDC: 'usd-coin',
} as const;
type PricedToken = keyof typeof COIN;
const USD_IDR = 16_000;
const FARM = `0x${'1'.padStart(40, '0')}`;
const STRANGER = `0x${'99'.padStart(40, '0')}`;
const DAY_MS = 86_400_000;

/** The calendar day (in the server's time zone, Asia/Jakarta) `n` days before `now`. */
const daysAgo = (n: number, now = Date.now()) => dayIn('Asia/Jakarta', new Date(now - n * DAY_MS));

let next = 0;
/** A transfer of `raw` units of `token` from a stranger to the farm wallet, at noon of `day` in Jakarta. */
const arrival = (token: keyof typeof TOKENS, raw: string, day: string): TransferRow => {
  next += 1;
  return {
    chain_id: CHAIN_ID,
    tx_hash: txHash(next),
    log_index: 0,
    block_number: next,
    block_time: `${day}T05:00:00.000Z`,
    token: TOKENS[token],
    from_address: STRANGER,
    to_address: FARM,
    amount: raw,
  };
};

/** A server with one user tracking the farm wallet, against a fake CoinGecko. */
async function stand(env: Record<string, string> = {}) {
  const upstream = await startFakeUpstream();
  const t = await createTestApp({
    env: {
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      UPSTREAM_TIMEOUT: '2s',
      RONIN_TOKENS,
      ...env,
    },
  });
  const alice = await signInUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallets',
    headers: bearer(alice.token),
    payload: { wallet_name: 'Farm wallet', wallet_address: FARM },
  });
  expect(res.statusCode).toBe(201);
  await activityService({ db: t.db.kysely }).followTracked(CHAIN_ID, 1, 1);
  /** Every item of the user's activity, page by page. */
  const items = async () => {
    const all: TActivityItem[] = [];
    for (let page = 1; ; page += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/activity?limit=100&page=${page}`,
        headers: bearer(alice.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<TActivityPage>().data;
      all.push(...data);
      if (data.length < 100) return all;
    }
  };
  /** The USD→IDR rate of each day, as the rate service's answers keep it. */
  const rates = (days: string[]) =>
    t.db.kysely
      .insertInto('daily_rates')
      .values(
        [...new Set(days)].map((day) => ({
          series: 'usd-idr',
          day,
          value: USD_IDR,
          as_of: new Date().toISOString(),
        })),
      )
      .execute();
  const close = async () => {
    await t.close();
    await upstream.close();
  };
  return { upstream, t, items, rates, close };
}

const pricedCalls = (upstream: FakeUpstream) =>
  Object.values(COIN).reduce((sum, coin) => sum + upstream.historyCalls(coin), 0);

const bySymbol = (items: TActivityItem[], symbol: string) =>
  items.filter((item) => item.token === symbol);

describe('the daily prices of the activity’s tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('values an SLP and a WETH transfer at their day’s price once the history is fetched, pending before', async () => {
    const { upstream, t, items, rates, close } = await stand({ PRICE_HISTORY_RATE: '20' });
    try {
      const slpDay = daysAgo(3);
      const wethDay = daysAgo(10);
      upstream.setHistory('smooth-love-potion', slpDay, 0.004);
      upstream.setHistory('ethereum', wethDay, 3_000);
      // WETH's own coin answers another price: the day's value is ETH's.
      upstream.setHistory('weth', wethDay, 2_990);
      await insertTransfers(t.db.kysely, [
        arrival('SLP', '1500', slpDay),
        arrival('WETH', '500000000000000000', wethDay),
      ]);
      await rates([slpDay, wethDay]);

      const before = await items();
      expect(before).toHaveLength(2);
      for (const item of before) {
        expect(item).toMatchObject({ value_usd: null, value_idr: null, price_pending: true });
      }
      // Reading the activity asks CoinGecko nothing.
      expect(upstream.requests.filter((r) => r.startsWith('/api/v3/coins/'))).toEqual([]);

      expect(await transferPricesOf(t.app).pass()).toEqual([]);

      const after = await items();
      expect(bySymbol(after, 'SLP')[0]).toMatchObject({
        amount: '1500',
        value_usd: 6,
        value_idr: 96_000,
        price_pending: false,
      });
      expect(bySymbol(after, 'WETH')[0]).toMatchObject({
        amount: '0.5',
        value_usd: 1_500,
        value_idr: 24_000_000,
        price_pending: false,
      });
      // One call per token seen, for all of its missing days; none for the tokens not seen.
      expect(upstream.historyCalls('smooth-love-potion')).toBe(1);
      expect(upstream.historyCalls('ethereum')).toBe(1);
      expect(upstream.historyCalls('weth')).toBe(0);
      expect(upstream.historyCalls('ronin') + upstream.historyCalls('usd-coin')).toBe(0);
      expect(t.app.gateway.history.calls).toBe(2);

      // Kept for every user and instance: the next pass asks nothing.
      await transferPricesOf(t.app).pass();
      expect(pricedCalls(upstream)).toBe(2);
    } finally {
      await close();
    }
  });

  it('asks only in the documented forms, and a coin id CoinGecko does not know is refused', async () => {
    const upstream = await startFakeUpstream();
    try {
      const day = '2026-11-01';
      const unknown = await fetch(`${upstream.url}/api/v3/coins/wrapped-ronin/history?date=${day}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'coin not found' });
      const reversed = await fetch(`${upstream.url}/api/v3/coins/ronin/history?date=01-11-2026`);
      expect(reversed.status).toBe(400);
    } finally {
      await upstream.close();
    }
  });

  it('costs one call per token and day: N days of M tokens within the stated budget', async () => {
    // Noon UTC, well after CoinGecko publishes the day's 00:00 price (00:35).
    const start = Math.floor(Date.now() / DAY_MS) * DAY_MS + 12 * 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const { upstream, t, items, rates, close } = await stand({ PRICE_HISTORY_RATE: '20' });
    try {
      const tokens = Object.keys(COIN) as PricedToken[];
      const M = tokens.length;
      // Transfers on N = 30 past days of each of the M tokens, read back at once (a backfill).
      const N = 30;
      const pastDays = Array.from({ length: N }, (_, index) => daysAgo(index + 2));
      for (const [index, token] of tokens.entries()) {
        for (const day of pastDays) upstream.setHistory(COIN[token], day, index + 1);
      }
      await insertTransfers(
        t.db.kysely,
        tokens.flatMap((token) => pastDays.map((day) => arrival(token, '1000000', day))),
      );
      await rates(pastDays);
      expect(await transferPricesOf(t.app).pass()).toEqual([]);
      // One range call a token for all of its missing days.
      expect(pricedCalls(upstream)).toBe(M);
      const valued = await items();
      expect(valued).toHaveLength(M * N);
      expect(valued.filter((item) => item.price_pending)).toEqual([]);

      // Then day after day: each token's new day is one call (its day's history).
      const prices = transferPricesOf(t.app);
      const DAYS = 5;
      for (let day = 1; day <= DAYS; day += 1) {
        vi.setSystemTime(start + day * DAY_MS);
        const today = new Date(start + day * DAY_MS).toISOString().slice(0, 10);
        for (const token of tokens) upstream.setHistory(COIN[token], today, 10);
        await insertTransfers(
          t.db.kysely,
          tokens.map((token) => arrival(token, '1000000', today)),
        );
        await rates([today]);
        await prices.pass();
        await prices.pass();
        expect(pricedCalls(upstream)).toBe(M + M * day);
      }
      const latest = await items();
      expect(latest.filter((item) => item.price_pending)).toEqual([]);
      // The README's figure: one call a series a day, 31 a month each (186 for the six series),
      // and one a series for the year back.
      const perMonth = ((pricedCalls(upstream) - M) / DAYS) * 31;
      expect(perMonth).toBe(M * 31);
      expect(perMonth + M).toBeLessThanOrEqual(6 * 31 + 6);
    } finally {
      await close();
    }
  });

  it('is paced by PRICE_HISTORY_RATE: tokens past the allowance wait for the next pass, pending', async () => {
    const { upstream, t, items, rates, close } = await stand({ PRICE_HISTORY_RATE: '2' });
    try {
      const day = daysAgo(4);
      const tokens = Object.keys(COIN) as PricedToken[];
      for (const token of tokens) upstream.setHistory(COIN[token], day, 1);
      await insertTransfers(
        t.db.kysely,
        tokens.map((token) => arrival(token, '1000000', day)),
      );
      await rates([day]);
      const prices = transferPricesOf(t.app);
      const waiting = await prices.pass();
      expect(pricedCalls(upstream)).toBe(2);
      expect(waiting).toHaveLength(2);
      const first = await items();
      expect(first.filter((item) => item.price_pending)).toHaveLength(2);
      // Half a minute later the rate (2 a minute) allows one more call.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      expect(await prices.pass()).toHaveLength(1);
      vi.setSystemTime(Date.now() + 31_000);
      expect(await prices.pass()).toEqual([]);
      expect(pricedCalls(upstream)).toBe(4);
      expect((await items()).filter((item) => item.price_pending)).toEqual([]);
    } finally {
      await close();
    }
  });
});

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const token = (n: number) => `0x${String(n).repeat(40)}` as const;
const SERIES_TOKENS = [
  { symbol: 'PIXEL', address: token(1), decimals: 18, priceSeries: 'pixels' },
  { symbol: 'AXS', address: token(2), decimals: 18, priceSeries: 'axs' },
  { symbol: 'SLP', address: token(3), decimals: 0, priceSeries: 'slp' },
] as const;

describe(`the transfers' price series, on ${TEST_ENGINE}`, () => {
  let t: TestDatabase;
  let stored = 0;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  async function storeTransfers(tokens: readonly string[]) {
    await t.db.kysely
      .insertInto('chain_transfers')
      .values(
        tokens.map((address) => {
          stored += 1;
          return {
            chain_id: 2020,
            tx_hash: txHash(stored),
            log_index: 0,
            block_number: stored,
            block_time: '2026-11-01T00:00:00.000Z',
            token: address,
            from_address: `0x${'a'.repeat(40)}`,
            to_address: `0x${'b'.repeat(40)}`,
            amount: '1',
          };
        }),
      )
      .execute();
  }

  it('reads the stored transfers a range of ids at a time, yielding between ranges, and asks each series seen', async () => {
    // Nine PIXEL transfers, then one AXS: the AXS one is in the last range of three ids.
    await storeTransfers([...Array<string>(9).fill(token(1)), token(2)]);
    const asked: PriceSeries[] = [];
    const prices = new TransferPrices({
      db: t.db.kysely,
      tokens: SERIES_TOKENS,
      history: {
        complete: async (series) => {
          asked.push(series);
          return false;
        },
      },
      log: quiet,
      readChunk: 3,
    });

    let turns = 0;
    let passed = false;
    const turn = () => {
      if (passed) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    await prices.pass();
    passed = true;
    expect(asked.sort()).toEqual(['axs', 'pixels']);
    // Ten ids in ranges of three: four statements, the event loop free between them.
    expect(turns).toBeGreaterThanOrEqual(3);

    // The next pass reads only what was stored since: an SLP transfer joins the series asked.
    asked.length = 0;
    await storeTransfers([token(3)]);
    await prices.pass();
    expect(asked.sort()).toEqual(['axs', 'pixels', 'slp']);
  });
});
