import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TNftHolding, TPortfolioResponse } from '@nexusplay/contract/portfolio';
import type { Address } from 'viem';
import { startFakeUpstream, type FakeUpstream } from '../../../../../harness/fake-upstream.js';
import {
  COLLECTIONS,
  placeTokens,
  startRoninNode,
  TOKENS,
  type NodeMode,
  type RoninTestNode,
} from '../../../../../harness/ronin-node.js';
import type { App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { address as madeUpAddress } from '../../support/chain-ids.js';

const E18 = 10n ** 18n;
let addressCounter = 0;
/** A fresh address per wallet, so no test sees another's holdings. */
const newAddress = (): Address => madeUpAddress(0xbeef0000 + (addressCounter += 1));
/** Token ids are unique per collection: each mint takes the next ones. */
let nextTokenId = 1n;
const tokenIds = (count: number) => Array.from({ length: count }, () => (nextTokenId += 1n));

const axieLink = (owner: string) => `https://app.axieinfinity.com/profile/${owner}/axies/`;
const farmlandLink = (owner: string) => `https://marketplace.roninchain.com/account/${owner}`;

/** The holdings of a wallet with `axies` and `plots`, as the API answers them. */
const held = (owner: string, axies: number, plots: number): TNftHolding[] => [
  { collection: COLLECTIONS.AXIE, name: 'AXIE', count: axies, marketplace_url: axieLink(owner) },
  {
    collection: COLLECTIONS.FARMLAND,
    name: 'FARMLAND',
    count: plots,
    marketplace_url: farmlandLink(owner),
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedIn(app: App) {
  const user = await registerUser(app);
  return loginToken(app, user.email, user.password);
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

async function portfolio(app: App, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/portfolio', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<TPortfolioResponse>();
}

describe('NFT holdings in the portfolio, against a real node', () => {
  let node: RoninTestNode;
  let upstream: FakeUpstream;
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string> = {}) => {
    const t = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        PRICE_API_URL: upstream.url,
        FX_API_URL: `${upstream.url}/fx`,
        ...env,
      },
    });
    apps.push(t);
    return t;
  };
  beforeAll(async () => {
    [node, upstream] = await Promise.all([startRoninNode({ slowMs: 2_000 }), startFakeUpstream()]);
    await placeTokens(node);
  });
  afterAll(async () => {
    node.setMode('ok');
    for (const t of apps) await t.close();
    await node.close();
    await upstream.close();
  });

  it('defaults to Axie and Pixels Farmland; RONIN_COLLECTIONS is checked like RONIN_TOKENS', () => {
    expect(loadConfig({}).gateway.ronin.collections).toEqual([
      { name: 'AXIE', address: COLLECTIONS.AXIE },
      { name: 'FARMLAND', address: COLLECTIONS.FARMLAND },
    ]);
    expect(loadConfig({ RONIN_COLLECTIONS: 'none' }).gateway.ronin.collections).toEqual([]);
    expect(
      loadConfig({ RONIN_COLLECTIONS: ` LAND:0x${'AB'.repeat(20)} ` }).gateway.ronin.collections,
    ).toEqual([{ name: 'LAND', address: `0x${'ab'.repeat(20)}` }]);
    for (const bad of [
      'AXIE',
      'AXIE:0x123',
      'axie:0x32950db2a7164ae833121501c797d79e7b79d74c',
      'TOOLONGNAME:0x32950db2a7164ae833121501c797d79e7b79d74c',
      `A:0x${'11'.repeat(20)},A:0x${'22'.repeat(20)}`,
      `A:0x${'11'.repeat(20)},B:0x${'11'.repeat(20)}`,
    ]) {
      expect(() => loadConfig({ RONIN_COLLECTIONS: bad }), bad).toThrow(/RONIN_COLLECTIONS/);
    }
  });

  for (const multicall of [true, false]) {
    describe(multicall ? 'with Multicall3 on the node' : 'without Multicall3', () => {
      let t: TestApp;
      let token: string;
      beforeAll(async () => {
        if (multicall) await node.placeMulticall3();
        else await node.removeMulticall3();
        t = await appWith({ BALANCE_TTL: '300ms' });
        token = await signedIn(t.app);
      });

      it('counts exactly the NFTs minted to each wallet, in the same round as the tokens', async () => {
        const rich = newAddress();
        const none = newAddress();
        await node.mintNfts(COLLECTIONS.AXIE, rich, tokenIds(3));
        await node.mintNfts(COLLECTIONS.FARMLAND, rich, tokenIds(2));
        await node.setTokenBalance(TOKENS.AXS.address, rich, 2n * E18);
        const richId = await addWallet(t.app, token, `ronin:${rich.slice(2)}`, 'Rich');
        const noneId = await addWallet(t.app, token, none, 'Empty');
        node.resetCounts();
        const answer = await portfolio(t.app, token);
        const [first, second] = answer.wallets;
        expect(first).toMatchObject({ wallet_id: richId, state: 'fresh' });
        expect(first!.holdings).toEqual(held(rich, 3, 2));
        expect(second).toMatchObject({ wallet_id: noneId, state: 'fresh' });
        expect(second!.holdings).toEqual(held(none, 0, 0));
        // Counted, not valued: the total is the tokens' alone (2 AXS at the fake's $2.50).
        expect(first!.total_usd).toBeCloseTo(5, 9);
        expect(answer.summary.total_usd).toBeCloseTo(5, 9);
        expect(answer.summary.holdings).toEqual([
          { collection: COLLECTIONS.AXIE, name: 'AXIE', count: 3, marketplace_url: null },
          { collection: COLLECTIONS.FARMLAND, name: 'FARMLAND', count: 2, marketplace_url: null },
        ]);
        // One round per wallet for tokens and collections together.
        if (multicall) expect(node.counts.byMethod.eth_call).toBe(2);
        else {
          // eth_getBalance and 6 token + 2 collection eth_calls per wallet, one request each.
          expect(node.counts.byMethod).toMatchObject({ eth_getBalance: 2, eth_call: 16 });
        }
      });

      it('follows a transfer once the TTL has run out: the counts move, never past the chain', async () => {
        const from = newAddress();
        const to = newAddress();
        const [id] = tokenIds(1);
        await node.mintNfts(COLLECTIONS.AXIE, from, [id!]);
        await addWallet(t.app, token, from, 'From');
        await addWallet(t.app, token, to, 'To');
        const before = (await portfolio(t.app, token)).wallets.slice(-2);
        expect(before.map((wallet) => wallet.holdings[0]!.count)).toEqual([1, 0]);
        await node.transferNft(COLLECTIONS.AXIE, from, to, id!);
        await sleep(350);
        await vi.waitFor(
          async () => {
            const after = (await portfolio(t.app, token)).wallets.slice(-2);
            expect(after.map((wallet) => [wallet.state, wallet.holdings[0]!.count])).toEqual([
              ['fresh', 0],
              ['fresh', 1],
            ]);
          },
          { timeout: 5_000 },
        );
      });
    });
  }

  it('costs no more node requests than the tokens alone: the counts ride in the same call', async () => {
    await node.placeMulticall3();
    const cost = async (env: Record<string, string>) => {
      const t = await appWith(env);
      const token = await signedIn(t.app);
      await addWallet(t.app, token, newAddress(), 'First');
      await portfolio(t.app, token); // the check for Multicall3, once per instance
      for (let i = 0; i < 5; i += 1) {
        const address = newAddress();
        await node.mintNfts(COLLECTIONS.FARMLAND, address, tokenIds(1));
        await addWallet(t.app, token, address, `W${i}`);
      }
      node.resetCounts();
      const answer = await portfolio(t.app, token);
      expect(answer.wallets.every((wallet) => wallet.state === 'fresh')).toBe(true);
      return { ...node.counts, byMethod: { ...node.counts.byMethod } };
    };
    const tokensOnly = await cost({ RONIN_COLLECTIONS: 'none' });
    const withCollections = await cost({});
    expect(withCollections.requests).toBe(tokensOnly.requests);
    expect(withCollections.byMethod).toEqual(tokensOnly.byMethod);
    expect(withCollections.byMethod).toEqual({ eth_call: 5 });
  });

  describe('faults at the node', () => {
    const faults: NodeMode[] = ['down', 'slow', 'garbage', 'error', 'huge'];
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      await node.placeMulticall3();
      t = await appWith({ BALANCE_TTL: '300ms', UPSTREAM_TIMEOUT: '1s' });
      token = await signedIn(t.app);
    });
    afterAll(() => node.setMode('ok'));

    for (const fault of faults) {
      it(`${fault}: counts read before stay as they were, marked stale; a wallet never read has none, not 0`, async () => {
        const known = newAddress();
        await node.mintNfts(COLLECTIONS.AXIE, known, tokenIds(4));
        await node.mintNfts(COLLECTIONS.FARMLAND, known, tokenIds(1));
        await addWallet(t.app, token, known, `known ${fault}`);
        node.setMode('ok');
        const before = (await portfolio(t.app, token)).wallets.at(-1)!;
        expect(before).toMatchObject({ state: 'fresh', holdings: held(known, 4, 1) });

        node.setMode(fault);
        const never = newAddress();
        await node.mintNfts(COLLECTIONS.AXIE, never, tokenIds(2));
        await addWallet(t.app, token, never, `never ${fault}`);
        await sleep(350);
        const answer = await portfolio(t.app, token);
        const [knownNow, neverNow] = answer.wallets.slice(-2);
        expect(['checking', 'stale']).toContain(knownNow!.state);
        expect(knownNow!.holdings).toEqual(held(known, 4, 1));
        expect(neverNow).toMatchObject({ state: 'unavailable', holdings: [] });
        await vi.waitFor(
          async () => {
            const again = (await portfolio(t.app, token)).wallets.at(-2)!;
            expect(again).toMatchObject({ state: 'stale', holdings: held(known, 4, 1) });
          },
          { timeout: 5_000 },
        );
        node.setMode('ok');
      });
    }

    it('serves the last counts from the database after a restart while the node is down', async () => {
      const address = newAddress();
      await node.mintNfts(COLLECTIONS.FARMLAND, address, tokenIds(3));
      await addWallet(t.app, token, address, 'kept');
      const good = (await portfolio(t.app, token)).wallets.at(-1)!;
      expect(good.holdings).toEqual(held(address, 0, 3));
      node.setMode('down');
      const { buildApp } = await import('../../../src/app.js');
      const other = await buildApp({ config: t.config, db: t.db });
      try {
        await vi.waitFor(async () =>
          expect((await portfolio(other, token)).wallets.at(-1)).toMatchObject({
            state: 'stale',
            as_of: good.as_of,
            holdings: held(address, 0, 3),
          }),
        );
      } finally {
        node.setMode('ok');
        await other.close();
      }
    });

    for (const multicall of [true, false]) {
      it(`a collection the node cannot count fails the whole read, never a 0 (${multicall ? 'Multicall3' : 'batch'})`, async () => {
        if (multicall) await node.placeMulticall3();
        else await node.removeMulticall3();
        // No contract at this address: balanceOf answers nothing a count can be read from.
        const t2 = await appWith({ RONIN_COLLECTIONS: `GHOST:0x${'5a'.repeat(20)}` });
        const token2 = await signedIn(t2.app);
        await addWallet(t2.app, token2, newAddress());
        await vi.waitFor(async () => {
          const answer = await portfolio(t2.app, token2);
          expect(answer.wallets[0]).toMatchObject({ state: 'unavailable', holdings: [] });
        });
        await node.placeMulticall3();
      });
    }

    it('with every wallet unavailable, the summary has no counts rather than zeros', async () => {
      const t2 = await appWith({ UPSTREAM_TIMEOUT: '1s' });
      const token2 = await signedIn(t2.app);
      const address = newAddress();
      await node.mintNfts(COLLECTIONS.AXIE, address, tokenIds(1));
      node.setMode('down');
      try {
        await addWallet(t2.app, token2, address);
        await vi.waitFor(async () => {
          const answer = await portfolio(t2.app, token2);
          expect(answer.wallets[0]).toMatchObject({ state: 'unavailable', holdings: [] });
          expect(answer.summary).toMatchObject({ unavailable: 1, holdings: [] });
        });
      } finally {
        node.setMode('ok');
      }
    });
  });
});
