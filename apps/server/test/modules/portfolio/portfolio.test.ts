import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPortfolioHistory, TPortfolioResponse } from '@nexusplay/contract/portfolio';
import type { Address } from 'viem';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import type { App } from '../../../src/app.js';
import { takeDailySnapshot } from '../../../src/modules/portfolio/portfolio.service.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import {
  COLLECTIONS,
  placeTokens,
  startRoninNode,
  TOKENS,
  type NodeMode,
  type RoninTestNode,
} from '../../../../../harness/ronin-node.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { address as madeUpAddress } from '../../support/chain-ids.js';

const E18 = 10n ** 18n;
let addressCounter = 0;
/** A fresh address per wallet, so no test sees another's balances. */
const newAddress = (): Address => madeUpAddress(0xa11ce000 + (addressCounter += 1));

/** What the fake price service answers (harness/fake-upstream.ts), and its USD→IDR rate. */
const USD = { RON: 0.5, WRON: 0.5, PIXEL: 0.05, AXS: 2.5, SLP: 0.002, WETH: 3000, USDC: 1 };

async function holdings(node: RoninTestNode, address: Address) {
  await node.setRonBalance(address, 3n * E18);
  await node.setTokenBalance(TOKENS.PIXEL.address, address, (12_345n * E18) / 10n);
  await node.setTokenBalance(TOKENS.AXS.address, address, 2n * E18);
  await node.setTokenBalance(TOKENS.SLP.address, address, 150n);
  await node.setTokenBalance(TOKENS.WETH.address, address, E18 / 2n);
  await node.setTokenBalance(TOKENS.USDC.address, address, 12_345_678n);
}

/** The amounts `holdings` sets; WRON stays at zero. */
const EXPECTED = [
  { symbol: 'RON', amount: '3', value_usd: 1.5 },
  { symbol: 'PIXEL', amount: '1234.5', value_usd: 1234.5 * USD.PIXEL },
  { symbol: 'AXS', amount: '2', value_usd: 5 },
  { symbol: 'SLP', amount: '150', value_usd: 150 * USD.SLP },
  { symbol: 'WRON', amount: '0', value_usd: 0 },
  { symbol: 'WETH', amount: '0.5', value_usd: 1500 },
  { symbol: 'USDC', amount: '12.345678', value_usd: 12.345678 },
];
const EXPECTED_TOTAL = EXPECTED.reduce((sum, token) => sum + token.value_usd, 0);

type Setup = { t: TestApp; token: string; userId: number };

async function appWith(
  node: RoninTestNode,
  upstream: FakeUpstream,
  env: Record<string, string> = {},
) {
  const t = await createTestApp({
    env: {
      RONIN_RPC_URL: node.url,
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      ...env,
    },
  });
  return t;
}

async function signedIn(app: App) {
  const user = await registerUser(app);
  return { token: await loginToken(app, user.email, user.password), userId: user.id };
}

async function addWallet(app: App, token: string, address: string, name = 'Main') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/wallets',
    headers: bearer(token),
    payload: { wallet_name: name, wallet_address: address },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const portfolio = async (app: App, token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/portfolio', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<TPortfolioResponse>();
};

const refreshed = async (app: App, token: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/portfolio/refresh',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<TPortfolioResponse>();
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the Ronin portfolio against a real node', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode({ slowMs: 2_000 }), startFakeUpstream()]);
    await placeTokens(node);
  });
  afterAll(async () => {
    await node.close();
    await upstream.close();
  });

  for (const multicall of [true, false]) {
    describe(multicall ? 'with Multicall3 on the node' : 'without Multicall3', () => {
      let s: Setup;
      beforeAll(async () => {
        if (multicall) await node.placeMulticall3();
        else await node.removeMulticall3();
        const t = await appWith(node, upstream);
        s = { t, ...(await signedIn(t.app)) };
      });
      afterAll(() => s.t.close());

      it('answers exactly the amounts on the chain, valued at the price service’s prices', async () => {
        const address = newAddress();
        await holdings(node, address);
        const id = await addWallet(s.t.app, s.token, `ronin:${address.slice(2)}`);
        node.resetCounts();
        const answer = await portfolio(s.t.app, s.token);
        expect(answer.usd_idr).toBe(16_000);
        expect(answer.wallets).toHaveLength(1);
        const [wallet] = answer.wallets;
        expect(wallet).toMatchObject({ wallet_id: id, state: 'fresh', unpriced: [] });
        expect(wallet!.as_of).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(wallet!.tokens.map(({ symbol, amount }) => ({ symbol, amount }))).toEqual(
          EXPECTED.map(({ symbol, amount }) => ({ symbol, amount })),
        );
        wallet!.tokens.forEach((holding, index) =>
          expect(holding.value_usd).toBeCloseTo(EXPECTED[index]!.value_usd, 9),
        );
        expect(wallet!.total_usd).toBeCloseTo(EXPECTED_TOTAL, 9);
        expect(answer.summary.total_usd).toBeCloseTo(EXPECTED_TOTAL, 9);
        // One round for the wallet (and, the first time, the check for Multicall3).
        expect(node.counts.requests).toBe(2);
        if (multicall) expect(node.counts.byMethod).toEqual({ eth_getCode: 1, eth_call: 1 });
        else
          expect(node.counts.byMethod).toEqual({
            eth_getCode: 1,
            eth_getBalance: 1,
            // A balanceOf per token and per NFT collection (RONIN_COLLECTIONS).
            eth_call: Object.keys(TOKENS).length + Object.keys(COLLECTIONS).length,
          });
      });

      it('sums the tokens over wallets in the summary', async () => {
        const second = newAddress();
        await node.setTokenBalance(TOKENS.PIXEL.address, second, (5n * E18) / 10n);
        await addWallet(s.t.app, s.token, second, 'Second');
        const answer = await portfolio(s.t.app, s.token);
        expect(answer.wallets).toHaveLength(2);
        const pixel = answer.summary.tokens.find((token) => token.symbol === 'PIXEL');
        expect(pixel).toMatchObject({ amount: '1235' });
        expect(pixel!.value_usd).toBeCloseTo(1235 * USD.PIXEL, 9);
        expect(answer.summary.total_usd).toBeCloseTo(EXPECTED_TOTAL + 0.5 * USD.PIXEL, 9);
      });
    });
  }

  describe('faults at the node', () => {
    const faults: NodeMode[] = ['down', 'slow', 'garbage', 'error', 'huge'];
    let s: Setup;
    beforeAll(async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream, { BALANCE_TTL: '300ms', UPSTREAM_TIMEOUT: '1s' });
      s = { t, ...(await signedIn(t.app)) };
    });
    afterAll(async () => {
      node.setMode('ok');
      await s.t.close();
    });

    for (const fault of faults) {
      it(`${fault}: a wallet never read is unavailable, one read before is stale with its last amounts`, async () => {
        const known = newAddress();
        await holdings(node, known);
        await addWallet(s.t.app, s.token, known, `known ${fault}`);
        node.setMode('ok');
        const before = await portfolio(s.t.app, s.token);
        const knownBefore = before.wallets.at(-1)!;
        expect(knownBefore.state).toBe('fresh');

        node.setMode(fault);
        const never = newAddress();
        await addWallet(s.t.app, s.token, never, `never ${fault}`);
        await sleep(350);
        const res = await s.t.app.inject({
          method: 'GET',
          url: '/api/portfolio',
          headers: bearer(s.token),
        });
        expect(res.statusCode).toBe(200);
        const answer = res.json<TPortfolioResponse>();
        const byId = answer.wallets.slice(-2);
        const lastAmounts = {
          as_of: knownBefore.as_of,
          tokens: knownBefore.tokens,
          total_usd: knownBefore.total_usd,
        };
        // At once the last amounts, while the node is asked again in the background (or after it
        // failed); once that check has failed, stale.
        expect(byId[0]).toMatchObject(lastAmounts);
        expect(['checking', 'stale']).toContain(byId[0]!.state);
        expect(byId[1]).toMatchObject({ state: 'unavailable', tokens: [], total_usd: null });
        expect(answer.summary.unavailable).toBeGreaterThanOrEqual(1);
        await vi.waitFor(
          async () => {
            const known = (await portfolio(s.t.app, s.token)).wallets.at(-2);
            expect(known).toMatchObject({ state: 'stale', ...lastAmounts });
          },
          { timeout: 5_000 },
        );
        node.setMode('ok');
      });
    }

    it('serves the last good amounts from the database after a restart while the node is down', async () => {
      const address = newAddress();
      await holdings(node, address);
      await addWallet(s.t.app, s.token, address, 'kept');
      const good = (await portfolio(s.t.app, s.token)).wallets.at(-1)!;
      node.setMode('down');
      // A second instance on the same database: nothing in its memory.
      const { buildApp } = await import('../../../src/app.js');
      const other = await buildApp({ config: s.t.config, db: s.t.db });
      try {
        // At once the amounts kept (within their TTL, so not yet stale) while the node is asked;
        // once it has failed, the same amounts as stale.
        const answer = await portfolio(other, s.token);
        expect(answer.wallets.at(-1)).toMatchObject({ as_of: good.as_of, tokens: good.tokens });
        await vi.waitFor(async () =>
          expect((await portfolio(other, s.token)).wallets.at(-1)).toMatchObject({
            state: 'stale',
            as_of: good.as_of,
            tokens: good.tokens,
          }),
        );
      } finally {
        node.setMode('ok');
        await other.close();
      }
    });
  });

  describe('a value that is not known is never a zero', () => {
    const PIXELS_2000 = 2_000n * E18;

    it('with the node unreachable, a wallet never read leaves the total unknown, not $0', async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream, { UPSTREAM_TIMEOUT: '1s' });
      try {
        const { token } = await signedIn(t.app);
        const address = newAddress();
        await node.setTokenBalance(TOKENS.PIXEL.address, address, PIXELS_2000);
        node.setMode('down');
        await addWallet(t.app, token, address);
        const answer = await portfolio(t.app, token);
        expect(answer.wallets[0]).toMatchObject({ state: 'unavailable', total_usd: null });
        expect(answer.summary).toMatchObject({ total_usd: null, unavailable: 1, as_of: null });
      } finally {
        node.setMode('ok');
        await t.close();
      }
    });

    it('with balances read but no price yet, the wallet’s and the portfolio’s totals are unknown', async () => {
      await node.placeMulticall3();
      const silent = await startFakeUpstream({ mode: 'unavailable' });
      const t = await appWith(node, silent, { PRICE_TTL: '1s' });
      try {
        const { token } = await signedIn(t.app);
        const holder = newAddress();
        await node.setTokenBalance(TOKENS.PIXEL.address, holder, PIXELS_2000);
        const holderId = await addWallet(t.app, token, holder, 'Holder');
        const answer = await portfolio(t.app, token);
        const wallet = answer.wallets.find((entry) => entry.wallet_id === holderId)!;
        expect(wallet).toMatchObject({ state: 'fresh', total_usd: null, unpriced: ['PIXEL'] });
        expect(wallet.tokens.find((holding) => holding.symbol === 'PIXEL')).toEqual({
          symbol: 'PIXEL',
          amount: '2000',
          value_usd: null,
        });
        expect(answer.summary).toMatchObject({ total_usd: null, unpriced: ['PIXEL'] });
        // The page can say why: the price service has never answered.
        expect(answer.sources.price).toMatchObject({ asOf: null, stale: true, url: null });

        // An empty wallet is worth exactly 0, price or none; the other's PIXEL stay unknown.
        const emptyId = await addWallet(t.app, token, newAddress(), 'Empty');
        const both = await portfolio(t.app, token);
        expect(both.wallets.find((entry) => entry.wallet_id === emptyId)).toMatchObject({
          state: 'fresh',
          total_usd: 0,
          unpriced: [],
        });
        expect(both.summary.total_usd).toBeNull();

        // Once prices arrive (the next check, a PRICE_TTL on), the figures are known.
        silent.setMode('ok');
        let known = both;
        await expect
          .poll(async () => (known = await refreshed(t.app, token)).summary.total_usd, {
            timeout: 5_000,
          })
          .not.toBeNull();
        expect(known.summary.total_usd).toBeCloseTo(2_000 * USD.PIXEL, 9);
        expect(known.sources.price).toMatchObject({ stale: false });
        expect(known.sources.price.asOf).not.toBeNull();
      } finally {
        await t.close();
        await silent.close();
      }
    });

    it('keeps a partial total that holds priced tokens, its gaps named', async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream, { UPSTREAM_TIMEOUT: '1s' });
      try {
        const { token } = await signedIn(t.app);
        const read = newAddress();
        await node.setRonBalance(read, 4n * E18);
        await addWallet(t.app, token, read, 'Read');
        await portfolio(t.app, token);
        node.setMode('down');
        await addWallet(t.app, token, newAddress(), 'Never read');
        const answer = await portfolio(t.app, token);
        expect(answer.summary.unavailable).toBe(1);
        expect(answer.summary.total_usd).toBeCloseTo(4 * USD.RON, 9);
      } finally {
        node.setMode('ok');
        await t.close();
      }
    });
  });

  describe('what the answer says of its figures', () => {
    it('credits the price and rate services, and says when the balances are next asked of the node', async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream, { BALANCE_TTL: '60s' });
      try {
        const { token } = await signedIn(t.app);
        expect((await portfolio(t.app, token)).next_check).toBeNull();
        await addWallet(t.app, token, newAddress());
        const first = await portfolio(t.app, token);
        expect(first.sources.price).toMatchObject({ stale: false, url: null });
        expect(first.sources.price.name).toBe(new URL(upstream.url).host);
        expect(first.sources.rate.asOf).not.toBeNull();
        const asOf = Date.parse(first.wallets[0]!.as_of!);
        const nextCheck = Date.parse(first.next_check!);
        expect(nextCheck - asOf).toBeGreaterThanOrEqual(59_000);
        expect(nextCheck - asOf).toBeLessThanOrEqual(61_000);

        // A Refresh inside the window answers the same amounts and the same next check.
        node.resetCounts();
        expect(await refreshed(t.app, token)).toMatchObject({
          next_check: first.next_check,
          summary: { as_of: first.summary.as_of },
        });
        expect(node.counts.requests).toBe(0);
      } finally {
        await t.close();
      }
    });

    it('says the prices are stale, with their time, while the price service fails', async () => {
      await node.placeMulticall3();
      const flaky = await startFakeUpstream();
      const t = await appWith(node, flaky, { PRICE_TTL: '1s' });
      try {
        const { token } = await signedIn(t.app);
        await addWallet(t.app, token, newAddress());
        const good = await portfolio(t.app, token);
        expect(good.sources.price.asOf).not.toBeNull();
        flaky.setMode('error');
        const failedFrom = new Date().toISOString();
        let stale = good;
        await expect
          .poll(
            async () => {
              stale = await refreshed(t.app, token);
              return stale.sources.price.stale && flaky.calls['/api/v3/simple/price']! > 1;
            },
            { timeout: 5_000 },
          )
          .toBe(true);
        // The last prices received, with their own time: from before the service failed.
        expect(stale.sources.price.asOf! >= good.sources.price.asOf!).toBe(true);
        expect(stale.sources.price.asOf! < failedFrom).toBe(true);
      } finally {
        await t.close();
        await flaky.close();
      }
    });
  });

  describe('the cache in front of the node', () => {
    let t: TestApp;
    beforeAll(async () => {
      await node.placeMulticall3();
      t = await appWith(node, upstream, { BALANCE_TTL: '60s' });
    });
    afterAll(() => t.close());

    it('1,000 concurrent reads over 100 wallets ask the node once per wallet per TTL', async () => {
      const users = await Promise.all(Array.from({ length: 10 }, () => signedIn(t.app)));
      for (const user of users) {
        for (let i = 0; i < 10; i += 1) await addWallet(t.app, user.token, newAddress(), `w${i}`);
      }
      node.resetCounts();
      const reads = Array.from({ length: 1_000 }, (_, index) =>
        t.app.inject({
          method: index % 2 ? 'GET' : 'POST',
          url: index % 2 ? '/api/portfolio' : '/api/portfolio/refresh',
          headers: bearer(users[index % users.length]!.token),
        }),
      );
      const answers = await Promise.all(reads);
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect(answers.every((res) => res.json<TPortfolioResponse>().wallets.length === 10)).toBe(
        true,
      );
      expect(t.app.gateway.balances.lookups).toBe(100);
      // One eth_call (Multicall3) per wallet, plus the one check for Multicall3.
      expect(node.counts.byMethod.eth_call).toBe(100);
      expect(node.counts.calls).toBeLessThanOrEqual(101);

      node.resetCounts();
      await Promise.all(
        users.map((user) =>
          t.app.inject({
            method: 'POST',
            url: '/api/portfolio/refresh',
            headers: bearer(user.token),
          }),
        ),
      );
      expect(node.counts.calls).toBe(0);
    });
  });

  describe('the answer kept in memory', () => {
    const ronOf = (answer: TPortfolioResponse, walletId: number) =>
      answer.wallets
        .find((wallet) => wallet.wallet_id === walletId)
        ?.tokens.find((token) => token.symbol === 'RON')?.amount;

    it('is sent again while the wallets and the figures it was valued from are unchanged', async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream, { BALANCE_TTL: '60s' });
      try {
        const { token, userId } = await signedIn(t.app);
        const first = newAddress();
        const second = newAddress();
        await node.setRonBalance(first, 3n * E18);
        await node.setRonBalance(second, 7n * E18);
        const walletId = await addWallet(t.app, token, first);
        expect(ronOf(await portfolio(t.app, token), walletId)).toBe('3');

        // The address changed behind the wallets' version: the kept answer shows the first.
        const db = t.db.kysely;
        const version = await db
          .selectFrom('list_versions')
          .select('version')
          .where('list', '=', 'wallets')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        await db
          .updateTable('wallets')
          .set({ address: second })
          .where('id', '=', walletId)
          .execute();
        await db
          .updateTable('list_versions')
          .set({ version: version.version })
          .where('list', '=', 'wallets')
          .where('user_id', '=', userId)
          .execute();
        expect(ronOf(await portfolio(t.app, token), walletId)).toBe('3');

        // Any write to the wallets moves their version on: read again, with the second's amounts.
        const renamed = await t.app.inject({
          method: 'PUT',
          url: `/api/wallets/${walletId}`,
          headers: bearer(token),
          payload: { wallet_name: 'Renamed', wallet_address: second },
        });
        expect(renamed.statusCode).toBe(200);
        // Read again: the amounts kept with the wallet (the first's, written behind its back)
        // at once while the node is asked, then the second's.
        await vi.waitFor(async () =>
          expect(ronOf(await portfolio(t.app, token), walletId)).toBe('7'),
        );
      } finally {
        await t.close();
      }
    });

    it('is read again once a balance it was valued from is due for a check', async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream, { BALANCE_TTL: '300ms' });
      try {
        const { token } = await signedIn(t.app);
        const address = newAddress();
        await node.setRonBalance(address, 3n * E18);
        const walletId = await addWallet(t.app, token, address);
        expect(ronOf(await portfolio(t.app, token), walletId)).toBe('3');
        await node.setRonBalance(address, 5n * E18);
        await sleep(350);
        // Due for a check: the last amounts at once, being checked, and not kept while it runs.
        const due = await portfolio(t.app, token);
        expect(ronOf(due, walletId)).toBe('3');
        expect(due.wallets[0]).toMatchObject({ state: 'checking' });
        expect(due.summary.stale).toBe(0);
        await vi.waitFor(async () =>
          expect(ronOf(await portfolio(t.app, token), walletId)).toBe('5'),
        );
      } finally {
        await t.close();
      }
    });
  });

  describe('daily snapshots and history', () => {
    let s: Setup;
    beforeAll(async () => {
      await node.placeMulticall3();
      const t = await appWith(node, upstream);
      s = { t, ...(await signedIn(t.app)) };
    });
    afterAll(() => s.t.close());

    const history = async (token: string) => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: '/api/portfolio/history',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return res.json<TPortfolioHistory>();
    };

    it('takes one snapshot a UTC day, and shows days without one as gaps', async () => {
      const address = newAddress();
      await holdings(node, address);
      const walletId = await addWallet(s.t.app, s.token, address);
      const other = await signedIn(s.t.app);
      const otherAddress = newAddress();
      await node.setRonBalance(otherAddress, 10n * E18);
      await addWallet(s.t.app, other.token, otherAddress);

      const db = s.t.db.kysely;
      expect(await takeDailySnapshot(db, s.t.app.gateway)).toBe(true);
      expect(await takeDailySnapshot(db, s.t.app.gateway)).toBe(false);
      const rows = await db.selectFrom('wallet_value_snapshots').selectAll().execute();
      expect(rows.filter((row) => row.wallet_id === walletId)).toHaveLength(1);

      const mine = await history(s.token);
      expect(mine.days).toHaveLength(30);
      const today = new Date().toISOString().slice(0, 10);
      expect(mine.days.at(-1)!.day).toBe(today);
      expect(mine.days.at(-1)!.total_usd).toBeCloseTo(EXPECTED_TOTAL, 6);
      // Days before this one had no snapshot: gaps, never zeros.
      expect(mine.days.slice(0, -1).every((day) => day.total_usd === null)).toBe(true);
      // The other user's wallet is in neither the portfolio nor the history of this one.
      expect((await history(other.token)).days.at(-1)!.total_usd).toBeCloseTo(5, 9);
      expect((await portfolio(s.t.app, s.token)).wallets.map((w) => w.wallet_id)).toEqual([
        walletId,
      ]);
    });

    it('values a wallet added after the day’s first pass in the next hour’s, keeping the others', async () => {
      const db = s.t.db.kysely;
      const now = new Date();
      const added = newAddress();
      await node.setRonBalance(added, 4n * E18);
      const addedId = await addWallet(s.t.app, s.token, added, 'later');
      const before = await db
        .selectFrom('wallet_value_snapshots')
        .selectAll()
        .orderBy('wallet_id')
        .execute();
      expect(before.some((row) => row.wallet_id === addedId)).toBe(false);

      const nextHour = new Date(now.getTime() + 3_600_000);
      // Past midnight the next pass is the next day's first: every wallet gets that day's total.
      const sameDay = nextHour.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
      expect(await takeDailySnapshot(db, s.t.app.gateway, nextHour)).toBe(true);
      expect(await takeDailySnapshot(db, s.t.app.gateway, nextHour)).toBe(false);
      const after = await db
        .selectFrom('wallet_value_snapshots')
        .selectAll()
        .orderBy('wallet_id')
        .execute();
      const addedRow = after.find((row) => row.wallet_id === addedId);
      expect(addedRow).toMatchObject({ day: nextHour.toISOString().slice(0, 10) });
      expect(addedRow!.total_usd).toBeCloseTo(4 * USD.RON, 9);
      if (sameDay) expect(after.filter((row) => row.wallet_id !== addedId)).toEqual(before);
    });

    it('deleting a wallet deletes its balances and snapshots', async () => {
      const address = newAddress();
      await holdings(node, address);
      const walletId = await addWallet(s.t.app, s.token, address, 'gone');
      await portfolio(s.t.app, s.token);
      const db = s.t.db.kysely;
      await db
        .insertInto('wallet_value_snapshots')
        .values({
          wallet_id: walletId,
          day: '2026-01-01',
          total_usd: 1,
          as_of: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      const kept = await db
        .selectFrom('wallet_balances')
        .select('token')
        .where('wallet_id', '=', walletId)
        .execute();
      // RON and six tokens, and the counts of the two NFT collections.
      expect(kept).toHaveLength(9);
      const res = await s.t.app.inject({
        method: 'DELETE',
        url: `/api/wallets/${walletId}`,
        headers: bearer(s.token),
      });
      expect(res.statusCode).toBe(200);
      const left = await Promise.all([
        db
          .selectFrom('wallet_balances')
          .select('token')
          .where('wallet_id', '=', walletId)
          .execute(),
        db
          .selectFrom('wallet_value_snapshots')
          .select('day')
          .where('wallet_id', '=', walletId)
          .execute(),
      ]);
      expect(left).toEqual([[], []]);
    });

    it('deleting a user deletes their wallets’ balances and snapshots', async () => {
      const gone = await signedIn(s.t.app);
      const address = newAddress();
      await holdings(node, address);
      const walletId = await addWallet(s.t.app, gone.token, address, 'leaving');
      await portfolio(s.t.app, gone.token);
      const db = s.t.db.kysely;
      await db
        .insertInto('wallet_value_snapshots')
        .values({
          wallet_id: walletId,
          day: '2026-01-02',
          total_usd: 2,
          as_of: '2026-01-02T00:00:00.000Z',
        })
        .execute();
      expect(
        await db
          .selectFrom('wallet_balances')
          .select('token')
          .where('wallet_id', '=', walletId)
          .execute(),
      ).toHaveLength(9);
      const { deleteUser } = await import('../../../src/modules/users/users.repository.js');
      expect(await deleteUser(db, gone.userId)).toBeDefined();
      const left = await Promise.all([
        db
          .selectFrom('wallet_balances')
          .select('token')
          .where('wallet_id', '=', walletId)
          .execute(),
        db
          .selectFrom('wallet_value_snapshots')
          .select('day')
          .where('wallet_id', '=', walletId)
          .execute(),
      ]);
      expect(left).toEqual([[], []]);
    });
  });
});
