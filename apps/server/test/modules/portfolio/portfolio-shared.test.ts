import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortfolioResponse } from '@nexusplay/contract/portfolio';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import { takeDailySnapshot } from '../../../src/modules/portfolio/portfolio.service.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import {
  placeTokens,
  startRoninNode,
  type RoninTestNode,
} from '../../../../../harness/ronin-node.js';
import { createSharedPair, TEST_REDIS_URL, type SharedPair } from '../../support/shared-pair.js';
import { address as madeUpAddress } from '../../support/chain-ids.js';

const WALLETS = 12;
const address = (index: number) => madeUpAddress(0xb0b000 + index);

describe.skipIf(!TEST_REDIS_URL)('the portfolio on two instances sharing Redis', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  let pair: SharedPair;
  let token: string;
  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode(), startFakeUpstream()]);
    await node.placeMulticall3();
    await placeTokens(node);
    for (let index = 0; index < WALLETS; index += 1) {
      await node.setRonBalance(address(index) as `0x${string}`, BigInt(index + 1) * 10n ** 18n);
    }
    pair = await createSharedPair({
      RONIN_RPC_URL: node.url,
      PRICE_API_URL: upstream.url,
      FX_API_URL: `${upstream.url}/fx`,
      BALANCE_TTL: '60s',
    });
    const user = await registerUser(pair.a);
    token = await loginToken(pair.a, user.email, user.password);
    for (let index = 0; index < WALLETS; index += 1) {
      const res = await pair.b.inject({
        method: 'POST',
        url: '/api/wallets',
        headers: bearer(token),
        payload: { wallet_name: `W${index}`, wallet_address: address(index) },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await pair.close();
    await Promise.all([node.close(), upstream.close()]);
  });

  it('take one snapshot a day between them, asking the node once per wallet', async () => {
    const db = pair.a.db.kysely;
    const taken = await Promise.all([
      takeDailySnapshot(db, pair.a.gateway),
      takeDailySnapshot(db, pair.b.gateway),
      takeDailySnapshot(db, pair.a.gateway),
      takeDailySnapshot(db, pair.b.gateway),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const rows = await db
      .selectFrom('wallet_value_snapshots')
      .select(['wallet_id', 'day'])
      .execute();
    expect(rows).toHaveLength(WALLETS);
    expect(new Set(rows.map((row) => row.day)).size).toBe(1);

    // The snapshot read through the shared cache: the pages on either instance ask nothing more.
    const lookupsAfterSnapshot = pair.a.gateway.balances.lookups + pair.b.gateway.balances.lookups;
    expect(lookupsAfterSnapshot).toBe(WALLETS);
    const answers = await Promise.all(
      [pair.a, pair.b, pair.a, pair.b].map((app) =>
        app.inject({ method: 'GET', url: '/api/portfolio', headers: bearer(token) }),
      ),
    );
    for (const res of answers) {
      const body = res.json<TPortfolioResponse>();
      expect(body.wallets.every((wallet) => wallet.state === 'fresh')).toBe(true);
      expect(body.summary.tokens[0]).toMatchObject({ symbol: 'RON', amount: '78' });
    }
    expect(pair.a.gateway.balances.lookups + pair.b.gateway.balances.lookups).toBe(WALLETS);
  });

  it('keeps an address’s shared balances in Redis for a week, not for good', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
    try {
      const ttl = await redis.pttl(`${pair.prefix}gateway:balances:${address(0)}:state`);
      expect(ttl).toBeGreaterThan(6 * 86_400_000);
      expect(ttl).toBeLessThanOrEqual(7 * 86_400_000);
    } finally {
      redis.disconnect();
    }
  });
});
