import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortfolioResponse } from '@nexusplay/contract/portfolio';
import type { Address } from 'viem';
import {
  COLLECTIONS,
  placeTokens,
  startRoninNode,
  TOKENS,
  type RoninTestNode,
} from '../../../../../harness/ronin-node.js';
import type { Db } from '../../../src/db/database.js';
import {
  transferFollowerOf,
  type TransferFollower,
} from '../../../src/modules/activity/transfer-follower.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { transferChain, type TransferChain } from './transfer-chain.js';

const CONFIRMATIONS = 3;
const FOLLOWER_ENV = {
  RONIN_CONFIRMATIONS: String(CONFIRMATIONS),
  RONIN_RPS: '1000',
  UPSTREAM_TIMEOUT: '30s',
};
/** A collection configured next to the defaults whose contract logs ERC-20-shaped Transfers. */
const MISSHAPEN = '0x00000000000000000000000000000000000c0113' as Address;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * The follower reads the configured collections' ERC-721 Transfers in the same eth_getLogs
 * filters as the tokens' ERC-20 ones (Ganache, the test ERC-721 at the default collections'
 * addresses): each is stored as an NFT transfer with its token id, and the portfolio lists the ids
 * a wallet received since it was tracked.
 */
describe('NFT transfers of tracked wallets', () => {
  let node: RoninTestNode;
  let chain: TransferChain;
  const closers: (() => Promise<void>)[] = [];
  type Sent = { tx_hash: string; collection: string; from: string; to: string; id: string };
  const sentNfts: Sent[] = [];

  beforeAll(async () => {
    node = await startRoninNode();
    await placeTokens(node);
    chain = await transferChain(node.url, [
      ...Object.values(TOKENS).map((entry) => entry.address),
      MISSHAPEN,
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await node?.close();
  });

  async function mint(collection: Address, to: Address, id: bigint) {
    const [hash] = await node.mintNfts(collection, to, [id]);
    sentNfts.push({
      tx_hash: String(hash).toLowerCase(),
      collection,
      from: '0x0000000000000000000000000000000000000000',
      to: to.toLowerCase(),
      id: id.toString(),
    });
  }
  async function move(collection: Address, from: Address, to: Address, id: bigint) {
    const hash = await node.transferNft(collection, from, to, id);
    sentNfts.push({
      tx_hash: String(hash).toLowerCase(),
      collection,
      from: from.toLowerCase(),
      to: to.toLowerCase(),
      id: id.toString(),
    });
  }

  const storedNfts = async (db: Db) =>
    (
      await db.kysely
        .selectFrom('chain_nft_transfers')
        .select(['tx_hash', 'collection', 'from_address', 'to_address', 'token_id', 'block_time'])
        .orderBy('block_number')
        .orderBy('log_index')
        .execute()
    ).map((row) => ({
      tx_hash: row.tx_hash,
      collection: row.collection,
      from: row.from_address,
      to: row.to_address,
      id: row.token_id,
    }));
  const storedTokens = (db: Db) =>
    db.kysely
      .selectFrom('chain_transfers')
      .select(['tx_hash', 'log_index', 'block_number', 'token', 'from_address', 'to_address'])
      .select('amount')
      .orderBy('block_number')
      .orderBy('log_index')
      .execute();

  async function caughtUp(db: Db) {
    const safe = (await chain.blockNumber()) - CONFIRMATIONS;
    const cursor = await db.kysely
      .selectFrom('chain_follow_cursors')
      .select('last_block')
      .executeTakeFirst();
    const pending = await db.kysely
      .selectFrom('chain_follow_addresses')
      .select('address')
      .whereRef('backfill_next', '<=', 'backfill_last')
      .execute();
    return cursor?.last_block === safe && pending.length === 0;
  }
  async function catchUp(db: Db, follower: TransferFollower) {
    for (let pass = 0; pass < 30; pass += 1) {
      await follower.pass();
      if (await caughtUp(db)) return;
    }
    throw new Error('the follower did not catch up');
  }

  async function trackedApp(addresses: readonly Address[], env: Record<string, string> = {}) {
    const t: TestApp = await createTestApp({
      env: {
        RONIN_RPC_URL: node.url,
        ...FOLLOWER_ENV,
        ...env,
      },
    });
    closers.push(() => t.close());
    const user = await registerUser(t.app);
    const token = await loginToken(t.app, user.email, user.password);
    for (const [index, address] of addresses.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wallets',
        headers: bearer(token),
        payload: { wallet_name: `Wallet ${index}`, wallet_address: address },
      });
      expect(res.statusCode).toBe(201);
    }
    return { ...t, token };
  }

  it('stores the collections’ transfers of tracked wallets with their token ids and the tokens’ as before; the portfolio lists the ids received since tracked', async () => {
    const [a, b, c, d] = chain.addresses as [Address, Address, Address, Address];
    // Before the wallets are tracked: read by the backfill, not "received since tracked".
    await mint(COLLECTIONS.AXIE, a, 5n);
    await chain.transfer(TOKENS.PIXEL.address as Address, 2, a, 40n);
    await sleep(1100);

    const t = await trackedApp([a, b]);
    await sleep(1100);
    await mint(COLLECTIONS.AXIE, a, 12n);
    await mint(COLLECTIONS.AXIE, a, 345n);
    await mint(COLLECTIONS.FARMLAND, b, 2n ** 200n);
    await move(COLLECTIONS.AXIE, a, c, 12n);
    // Between untracked accounts: never stored.
    await mint(COLLECTIONS.AXIE, d, 77n);
    await chain.transfer(TOKENS.SLP.address as Address, 3, b, 9n);
    await chain.mine(CONFIRMATIONS);

    await catchUp(t.db, transferFollowerOf(t.app));
    const tracked = [a, b].map((address) => address.toLowerCase());
    const expectedNfts = sentNfts.filter(
      (row) => tracked.includes(row.from) || tracked.includes(row.to),
    );
    expect(await storedNfts(t.db)).toEqual(expectedNfts);
    expect(expectedNfts.map((row) => row.id)).toEqual([
      '5',
      '12',
      '345',
      (2n ** 200n).toString(),
      '12',
    ]);
    const tokenRows = (await storedTokens(t.db)).map((row) => ({
      tx_hash: row.tx_hash,
      log_index: row.log_index,
      block_number: row.block_number,
      token: row.token,
      from_address: row.from_address,
      to_address: row.to_address,
      amount: row.amount,
    }));
    const expectedTokens = chain.sent
      .filter((row) => tracked.includes(row.from_address) || tracked.includes(row.to_address))
      .map(({ block_time: _time, ...row }) => row);
    expect(tokenRows).toEqual(expectedTokens);
    expect(tokenRows.map((row) => row.amount)).toEqual(['40', '9']);

    // The portfolio lists what each wallet received since it was tracked, newest first.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portfolio',
      headers: bearer(t.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<TPortfolioResponse>();
    // Wallet 0 tracks a, Wallet 1 tracks b (the portfolio lists them oldest first).
    const received = (index: number) =>
      body.wallets[index]!.received_nfts.map((entry) => [entry.name, entry.token_ids, entry.more]);
    expect(received(0)).toEqual([
      ['AXIE', ['345', '12'], 0],
      ['FARMLAND', [], 0],
    ]);
    expect(received(1)).toEqual([
      ['AXIE', [], 0],
      ['FARMLAND', [(2n ** 200n).toString()], 0],
    ]);
    expect(body.wallets[0]!.received_nfts[0]!.collection).toBe(COLLECTIONS.AXIE);
  }, 120_000);

  it('asks the node as many eth_getLogs with the collections as without them', async () => {
    const [a, b] = chain.addresses as [Address, Address];
    const counts: Record<string, number>[] = [];
    for (const collections of [
      'none',
      `AXIE:${COLLECTIONS.AXIE},FARMLAND:${COLLECTIONS.FARMLAND}`,
    ]) {
      const t = await trackedApp([a, b], {
        RONIN_COLLECTIONS: collections,
        // Narrow windows: many filters, each asked once with the collections or without.
        RONIN_LOGS_RANGE: '4',
      });
      node.resetCounts();
      await catchUp(t.db, transferFollowerOf(t.app));
      counts.push({ ...node.counts.byMethod });
      const nfts = await t.db.kysely.selectFrom('chain_nft_transfers').select('token_id').execute();
      expect(nfts.length > 0).toBe(collections !== 'none');
    }
    expect(counts[0]!.eth_getLogs).toBeGreaterThan(4);
    expect(counts[1]!.eth_getLogs).toBe(counts[0]!.eth_getLogs);
  }, 120_000);

  it('lists at most 20 ids a collection, newest first, with how many more there are', async () => {
    const fresh = chain.addresses[3]! as Address;
    const t = await trackedApp([fresh]);
    await sleep(1100);
    const ids = Array.from({ length: 23 }, (_, index) => 1000n + BigInt(index));
    for (const id of ids) await mint(COLLECTIONS.FARMLAND, fresh, id);
    await chain.mine(CONFIRMATIONS);
    await catchUp(t.db, transferFollowerOf(t.app));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portfolio',
      headers: bearer(t.token),
    });
    const wallet = res.json<TPortfolioResponse>().wallets[0]!;
    const farmland = wallet.received_nfts.find((entry) => entry.name === 'FARMLAND')!;
    expect(farmland.token_ids).toEqual(
      ids
        .slice(3)
        .reverse()
        .map((id) => id.toString()),
    );
    expect(farmland.more).toBe(3);
  }, 120_000);

  it('drops a log of a configured collection that is not an ERC-721 Transfer, storing it nowhere', async () => {
    const a = chain.addresses[0]! as Address;
    // ERC-20-shaped (3 topics, an amount) from a contract configured as a collection.
    const odd = await chain.transfer(MISSHAPEN, 2, a, 1n);
    await mint(COLLECTIONS.AXIE, a, 9001n);
    await chain.mine(CONFIRMATIONS);
    const t = await trackedApp([a], {
      RONIN_COLLECTIONS: `AXIE:${COLLECTIONS.AXIE},ODD:${MISSHAPEN}`,
    });
    await catchUp(t.db, transferFollowerOf(t.app));
    const nfts = await storedNfts(t.db);
    expect(nfts.some((row) => row.id === '9001' && row.collection === COLLECTIONS.AXIE)).toBe(true);
    expect(nfts.some((row) => row.tx_hash === odd.tx_hash)).toBe(false);
    expect((await storedTokens(t.db)).some((row) => row.tx_hash === odd.tx_hash)).toBe(false);
  }, 120_000);

  it('makes the balances of a wallet that received an NFT due: the next read shows its count and id', async () => {
    const c = chain.addresses[2]! as Address;
    // The test tokens' own code back at their addresses (the transfers above swapped it for code
    // that only logs), so the balances are read; the collections' code and owners stay as they are.
    await placeTokens(node);
    await sleep(1100);
    const t = await trackedApp([c], { BALANCE_TTL: '10m', ACTIVITY_POLL: 'off' });
    const follower = transferFollowerOf(t.app);
    await catchUp(t.db, follower);
    const axies = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/portfolio',
        headers: bearer(t.token),
      });
      const wallet = res.json<TPortfolioResponse>().wallets[0]!;
      return {
        count: wallet.holdings.find((holding) => holding.name === 'AXIE')?.count,
        received: wallet.received_nfts.find((entry) => entry.name === 'AXIE')?.token_ids,
      };
    };
    const before = await axies();
    expect(before.received).toEqual([]);
    expect(typeof before.count).toBe('number');

    await mint(COLLECTIONS.AXIE, c, 4242n);
    await chain.mine(CONFIRMATIONS);
    // Within BALANCE_TTL and before the follower stored the transfer: the answer as it was.
    expect(await axies()).toEqual(before);
    await follower.pass();
    expect(await axies()).toEqual({ count: before.count! + 1, received: ['4242'] });
  }, 120_000);
});
