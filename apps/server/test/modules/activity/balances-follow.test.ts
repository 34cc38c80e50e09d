import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { TPortfolioResponse } from '@nexusplay/contract/portfolio';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { logTokenTransfer } from '../../../../../harness/token-transfers.js';
import {
  placeTokens,
  startRoninNode,
  TOKENS,
  type RoninTestNode,
} from '../../../../../harness/ronin-node.js';
import type { App } from '../../../src/app.js';
import { transferFollowerOf } from '../../../src/modules/activity/transfer-follower.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import { createSharedPair, TEST_REDIS_URL, type SharedPair } from '../../support/shared-pair.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { transferChain, type TransferChain } from './transfer-chain.js';

const CONFIRMATIONS = 3;
const PIXEL = TOKENS.PIXEL.address as Address;
const ENV = {
  RONIN_CONFIRMATIONS: String(CONFIRMATIONS),
  RONIN_RPS: '1000',
  UPSTREAM_TIMEOUT: '30s',
  // Far longer than the test: an amount read again within it came from a due check.
  BALANCE_TTL: '10m',
  ACTIVITY_POLL: 'off',
};

/*
 * Balances follow the chain: once the follower stores a transfer of a tracked wallet, the next
 * portfolio read shows the amount the transfer left, however long BALANCE_TTL still had to run,
 * on the instance that follows and on any other.
 */
describe('the balances of a wallet a transfer moved', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  let chain: TransferChain;
  let holder: Address;
  let held = 0n;

  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode(), startFakeUpstream()]);
    await node.placeMulticall3();
    await placeTokens(node);
    chain = await transferChain(node.url, []);
    holder = chain.addresses[1]!;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([node?.close(), upstream?.close()]);
  });

  const env = () => ({
    ...ENV,
    RONIN_RPC_URL: node.url,
    PRICE_API_URL: upstream.url,
    FX_API_URL: `${upstream.url}/fx`,
  });

  /**
   * `amount` PIXEL sent to the holder as the chain does it: a Transfer logged by the token's
   * contract and the holder's balance raised by as much (the test token does not move balances
   * itself).
   */
  async function sendPixel(amount: bigint) {
    await logTokenTransfer(node.url, PIXEL, chain.addresses[0]!, holder, amount);
    held += amount;
    await node.setTokenBalance(PIXEL, holder, held);
    await chain.mine(CONFIRMATIONS);
  }

  async function trackHolder(app: App) {
    const user = await registerUser(app);
    const token = await loginToken(app, user.email, user.password);
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallets',
      headers: bearer(token),
      payload: { wallet_name: 'Farm wallet', wallet_address: holder },
    });
    expect(res.statusCode).toBe(201);
    return token;
  }

  async function pixelOf(app: App, token: string) {
    const res = await app.inject({ method: 'GET', url: '/api/portfolio', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const wallet = res.json<TPortfolioResponse>().wallets[0]!;
    return {
      state: wallet.state,
      amount: wallet.tokens.find((holding) => holding.symbol === 'PIXEL')?.amount,
    };
  }

  describe('on one instance', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      held = 100n * 10n ** 18n;
      await node.setTokenBalance(PIXEL, holder, held);
      t = await createTestApp({ env: env() });
      token = await trackHolder(t.app);
    });
    afterAll(() => t?.close());

    it('shows the new amount on the next read after the follower stores the transfer', async () => {
      const follower = transferFollowerOf(t.app);
      await follower.pass();
      expect(await pixelOf(t.app, token)).toEqual({ state: 'fresh', amount: '100' });
      // Read again within BALANCE_TTL: the amounts in memory, the node not asked.
      const lookups = t.app.gateway.balances.lookups;
      expect(await pixelOf(t.app, token)).toEqual({ state: 'fresh', amount: '100' });
      expect(t.app.gateway.balances.lookups).toBe(lookups);

      await sendPixel(20n * 10n ** 18n);
      // Until the follower has stored the transfer, the cached amounts stand.
      expect(await pixelOf(t.app, token)).toEqual({ state: 'fresh', amount: '100' });
      await follower.pass();
      const stored = await t.db.kysely
        .selectFrom('chain_transfers')
        .select('amount')
        .where('to_address', '=', holder)
        .execute();
      expect(stored).toEqual([{ amount: (20n * 10n ** 18n).toString() }]);

      expect(await pixelOf(t.app, token)).toEqual({ state: 'fresh', amount: '120' });
      expect(t.app.gateway.balances.lookups).toBe(lookups + 1);
      // Once read again, the amounts are cached for their TTL as before.
      expect(await pixelOf(t.app, token)).toEqual({ state: 'fresh', amount: '120' });
      expect(t.app.gateway.balances.lookups).toBe(lookups + 1);
    }, 60_000);

    it('answers the amounts it has, as stale, when the node fails that check', async () => {
      await sendPixel(3n * 10n ** 18n);
      await transferFollowerOf(t.app).pass();
      node.setMode('error');
      try {
        expect(await pixelOf(t.app, token)).toEqual({ state: 'stale', amount: '120' });
      } finally {
        node.setMode('ok');
      }
    }, 60_000);
  });

  describe.skipIf(!TEST_REDIS_URL)('on two instances sharing Redis', () => {
    let pair: SharedPair;
    let token: string;
    beforeAll(async () => {
      held = 200n * 10n ** 18n;
      await node.setTokenBalance(PIXEL, holder, held);
      pair = await createSharedPair(env());
      token = await trackHolder(pair.a);
    });
    afterAll(() => pair?.close());

    it('shows the new amount on the other instance’s next read too', async () => {
      // B follows the chain; A has read the balances (and holds them for their TTL).
      const follower = transferFollowerOf(pair.b);
      await follower.pass();
      expect(await pixelOf(pair.a, token)).toEqual({ state: 'fresh', amount: '200' });
      expect(await pixelOf(pair.b, token)).toEqual({ state: 'fresh', amount: '200' });
      const lookups = () => pair.a.gateway.balances.lookups + pair.b.gateway.balances.lookups;
      expect(lookups()).toBe(1);

      await sendPixel(5n * 10n ** 18n);
      await follower.pass();
      expect(await pixelOf(pair.a, token)).toEqual({ state: 'fresh', amount: '205' });
      expect(await pixelOf(pair.b, token)).toEqual({ state: 'fresh', amount: '205' });
      // One instance asked the node again, for both.
      expect(lookups()).toBe(2);
    }, 60_000);
  });
});
