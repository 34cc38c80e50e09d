import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PORTFOLIO_MAX_WALLETS } from '@nexusplay/contract/portfolio';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import {
  placeTokens,
  startRoninNode,
  type RoninTestNode,
} from '../../../../../harness/ronin-node.js';
import { takeDailySnapshot } from '../../../src/modules/portfolio/portfolio.service.js';
import { insertWallets } from '../../../src/modules/wallets/wallets.repository.js';
import { registerUser } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { address } from '../../support/chain-ids.js';

/** Wallets per user: more than the portfolio shows. */
const WALLETS = 250;
const USERS = 2;
/** Node requests a second for background work, low so that the pace shows in a short test. */
const RPS = 4;

/*
 * The hourly snapshot pass values only the wallets the portfolio shows (each user's first
 * PORTFOLIO_MAX_WALLETS): two users who imported 10,000 wallets each had it ask the node for
 * 20,696 addresses in 417 requests. Its requests to the node go out at RONIN_RPS a second.
 */
describe('the hourly snapshot pass', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  let t: TestApp;
  const shown = new Set<number>();

  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode(), startFakeUpstream()]);
    await placeTokens(node);
    await node.placeMulticall3();
    t = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        RONIN_RPS: String(RPS),
        // A node slowed by a loaded machine must not turn a read into a gap.
        UPSTREAM_TIMEOUT: '30s',
      },
    });
    const db = t.db.kysely;
    let n = 0;
    for (let u = 0; u < USERS; u += 1) {
      const user = await registerUser(t.app);
      const wallets = Array.from({ length: WALLETS }, () => ({
        wallet_name: `W${n}`,
        wallet_address: address(0xb0b0000 + (n += 1)),
        category: null,
      }));
      await db.transaction().execute((trx) => insertWallets(trx, user.id, wallets));
      const first = await db
        .selectFrom('wallets')
        .select('id')
        .where('user_id', '=', user.id)
        .orderBy('id')
        .limit(PORTFOLIO_MAX_WALLETS)
        .execute();
      for (const { id } of first) shown.add(id);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
    await upstream?.close();
  });

  it('values each user’s first 100 wallets only, at RONIN_RPS node requests a second', async () => {
    node.resetCounts();
    const started = performance.now();
    expect(await takeDailySnapshot(t.db.kysely, t.app.gateway)).toBe(true);
    const seconds = (performance.now() - started) / 1000;

    const rows = await t.db.kysely
      .selectFrom('wallet_value_snapshots')
      .select('wallet_id')
      .execute();
    expect(rows).toHaveLength(USERS * PORTFOLIO_MAX_WALLETS);
    expect(rows.every((row) => shown.has(row.wallet_id))).toBe(true);
    // One read (a Multicall3 eth_call) per shown wallet, never one past them.
    expect(node.counts.byMethod.eth_call).toBe(USERS * PORTFOLIO_MAX_WALLETS);
    // Pages of 50 addresses, each one request, paced: n requests take at least (n - 1) / RPS s.
    const { requests } = node.counts;
    console.log(
      `snapshot pass: ${USERS} users x ${WALLETS} wallets, ${node.counts.calls} node calls in ` +
        `${requests} requests over ${seconds.toFixed(2)} s at RONIN_RPS=${RPS}`,
    );
    expect(requests).toBeGreaterThanOrEqual((USERS * PORTFOLIO_MAX_WALLETS) / 50);
    expect(requests).toBeLessThanOrEqual((USERS * PORTFOLIO_MAX_WALLETS) / 50 + 2);
    expect(seconds).toBeGreaterThanOrEqual((requests - 1) / RPS - 0.05);
  });

  it('asks the node and the price service nothing in another hour’s pass once every shown wallet has today’s total', async () => {
    // Another hour of the same UTC day: the next one, or the one before near midnight.
    const hour = 3_600_000;
    const later = new Date(Date.now() + hour);
    const other =
      later.getUTCDate() === new Date().getUTCDate() ? later : new Date(Date.now() - hour);
    node.resetCounts();
    // Another instance's pass finds no price kept: nothing to value, nothing to ask for.
    const prices = vi.spyOn(t.app.gateway.prices, 'get');
    expect(await takeDailySnapshot(t.db.kysely, t.app.gateway, other)).toBe(true);
    expect(node.counts.requests).toBe(0);
    expect(prices).not.toHaveBeenCalled();
    prices.mockRestore();
  });
});
