import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPortfolioResponse } from '@nexusplay/contract/portfolio';
import type { Address } from 'viem';
import { startFakeUpstream, type FakeUpstream } from '../../../../harness/fake-upstream.js';
import {
  placeTokens,
  startRoninNode,
  TOKENS,
  type RoninTestNode,
} from '../../../../harness/ronin-node.js';
import { loginToken, registerUser } from '../support/accounts.js';
import { bearer } from '../support/content.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const TTL_MS = 300;
const TIMEOUT_MS = 2_000;
/** Far below the timeout a hanging service would cost, yet generous for a busy machine. */
const AT_ONCE_MS = 400;
const E18 = 10n ** 18n;
const HOLDER: Address = '0x00000000000000000000000000000000005a1e11';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long `read` takes, with what it answered. */
async function timed<T>(read: () => Promise<T>) {
  const started = performance.now();
  const answer = await read();
  return { answer, ms: performance.now() - started };
}

describe('past the TTL, the last good answer at once while a hanging service is checked', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode({ slowMs: 60_000 }), startFakeUpstream()]);
    await placeTokens(node);
    await node.setTokenBalance(TOKENS.PIXEL.address, HOLDER, 1_000n * E18);
    t = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        MARKET_API_URL: `${upstream.url}/market`,
        PRICE_TTL: `${TTL_MS}ms`,
        FX_TTL: `${TTL_MS}ms`,
        MARKET_TTL: `${TTL_MS}ms`,
        BALANCE_TTL: `${TTL_MS}ms`,
        UPSTREAM_TIMEOUT: `${TIMEOUT_MS}ms`,
      },
    });
    const user = await registerUser(t.app);
    token = await loginToken(t.app, user.email, user.password);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/wallets',
      headers: bearer(token),
      payload: { wallet_name: 'Main', wallet_address: HOLDER },
    });
    expect(added.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([node.close(), upstream.close()]);
  });

  const prices = async () => (await t.app.inject({ method: 'GET', url: '/api/prices' })).json();
  const market = async () => (await t.app.inject({ method: 'GET', url: '/api/market' })).json();
  const portfolio = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/portfolio', headers: bearer(token) })
    ).json<TPortfolioResponse>();
  const pixelsHeld = (answer: TPortfolioResponse) =>
    answer.wallets[0]!.tokens.find((holding) => holding.symbol === 'PIXEL')?.amount;

  it('answers prices, rate, market and balances at once, stale, then the new values', async () => {
    // Every figure read while the services answer (a read past the TTL may be the one before).
    await vi.waitFor(async () => {
      expect(await prices()).toMatchObject({ pixels: { usd: 0.05 }, usdIdr: 16_000, stale: false });
      expect((await market()).stale).toBe(false);
      const read = await portfolio();
      expect(read.wallets[0]!.state).toBe('fresh');
      expect(pixelsHeld(read)).toBe('1000');
    });

    // Then every service hangs, and the TTL passes.
    upstream.setMode('slow');
    node.setMode('slow');
    await sleep(TTL_MS + 50);

    const stalePrices = await timed(prices);
    expect(stalePrices.ms).toBeLessThan(AT_ONCE_MS);
    expect(stalePrices.answer).toMatchObject({
      pixels: { usd: 0.05 },
      usdIdr: 16_000,
      stale: true,
      // Stale because it is being checked, not because a service failed (yet).
      sources: { price: { stale: true, checking: true }, rate: { stale: true, checking: true } },
    });
    const staleMarket = await timed(market);
    expect(staleMarket.ms).toBeLessThan(AT_ONCE_MS);
    expect(staleMarket.answer).toMatchObject({ stale: true, checking: true });
    expect(staleMarket.answer.data.Farming[0].name).toBe('Popberry');
    const staleBalances = await timed(portfolio);
    expect(staleBalances.ms).toBeLessThan(AT_ONCE_MS);
    // Being checked, not failed: not counted as stale, so the page does not say the node is down.
    expect(staleBalances.answer.wallets[0]!.state).toBe('checking');
    expect(staleBalances.answer.summary.stale).toBe(0);
    expect(pixelsHeld(staleBalances.answer)).toBe('1000');

    // The services answer new figures; once the hanging checks have given up, the next check
    // (in the background, after the TTL) brings them to the read that follows it.
    upstream.setBody('/fx', { result: 'success', rates: { IDR: 16_500, USD: 1 } });
    await node.setTokenBalance(TOKENS.PIXEL.address, HOLDER, 2_000n * E18);
    upstream.setMode('ok');
    node.setMode('ok');
    await sleep(TIMEOUT_MS + 100);
    const first = await timed(prices);
    expect(first.ms).toBeLessThan(AT_ONCE_MS);
    expect(first.answer.usdIdr).toBe(16_000);
    const firstPortfolio = await timed(portfolio);
    expect(firstPortfolio.ms).toBeLessThan(AT_ONCE_MS);
    expect(pixelsHeld(firstPortfolio.answer)).toBe('1000');
    await vi.waitFor(
      async () => {
        const fresh = await prices();
        expect(fresh).toMatchObject({ usdIdr: 16_500, stale: false });
        expect(fresh.sources.rate.checking).toBeUndefined();
        const next = await portfolio();
        expect(pixelsHeld(next)).toBe('2000');
        expect(next.wallets[0]!.state).toBe('fresh');
      },
      { timeout: 2_000, interval: 50 },
    );
  });

  it('answers a wallet whose address changed with its new address’s amounts, never the old one’s', async () => {
    const other: Address = '0x00000000000000000000000000000000005a1e12';
    await node.setTokenBalance(TOKENS.PIXEL.address, other, 7n * E18);
    // The wallet's amounts read and kept for its address.
    const [wallet] = (await portfolio()).wallets;
    expect(wallet!.as_of).not.toBeNull();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/wallets/${wallet!.wallet_id}`,
      headers: bearer(token),
      payload: { wallet_name: 'Main', wallet_address: other },
    });
    expect(moved.statusCode).toBe(200);
    const answer = await portfolio();
    expect(answer.wallets[0]).toMatchObject({ state: 'fresh' });
    expect(pixelsHeld(answer)).toBe('7');
  });

  it('waits only for a value never read, and no longer than the upstream timeout', async () => {
    upstream.setMode('slow');
    const fresh = await createTestApp({
      env: {
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        PRICE_TTL: `${TTL_MS}ms`,
        FX_TTL: `${TTL_MS}ms`,
        UPSTREAM_TIMEOUT: '500ms',
      },
    });
    try {
      const never = await timed(async () =>
        (await fresh.app.inject({ method: 'GET', url: '/api/prices' })).json(),
      );
      expect(never.ms).toBeGreaterThanOrEqual(450);
      expect(never.ms).toBeLessThan(500 + AT_ONCE_MS);
      expect(never.answer).toMatchObject({ asOf: null, stale: true, usdIdr: 15_000 });
    } finally {
      await fresh.close();
      upstream.setMode('ok');
    }
  });
});
