import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { startRoninNode, TOKENS, type RoninTestNode } from '../../../../../harness/ronin-node.js';
import { buildApp, type App } from '../../../src/app.js';
import { activityService } from '../../../src/modules/activity/activity.service.js';
import {
  activityFollower,
  BLOCKS_PER_DAY,
  transferFollowerOf,
  type TransferFollower,
} from '../../../src/modules/activity/transfer-follower.js';
import { insertWallets } from '../../../src/modules/wallets/wallets.repository.js';
import type { Db } from '../../../src/db/database.js';
import { registerUser } from '../../support/accounts.js';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  type TestApp,
} from '../../support/test-app.js';
import { startFaultyNode, transferChain, type TransferChain } from './transfer-chain.js';

const CONFIRMATIONS = 3;
/** Ganache's chain id, as Ronin mainnet's. */
const CHAIN_ID = 2020;
const BACKFILL_BLOCKS = 7 * BLOCKS_PER_DAY;
const FOLLOWER_ENV = {
  RONIN_CONFIRMATIONS: String(CONFIRMATIONS),
  RONIN_RPS: '1000',
  // A node slowed by a loaded machine must not fail a window.
  UPSTREAM_TIMEOUT: '30s',
};

const token = (symbol: keyof typeof TOKENS) => TOKENS[symbol].address as Address;

/*
 * The follower of the chain against a real EVM node (Ganache, chain id 2020): the test tokens log
 * ERC-20 Transfers between test accounts, two of which a user tracks. Every scenario (a fresh
 * database each) must end with exactly the transfers to or from those two, as sent.
 */
describe('the transfer follower', () => {
  let node: RoninTestNode;
  let chain: TransferChain;
  let tracked: string[];
  const closers: (() => Promise<void>)[] = [];

  /** The sent transfers with a tracked address on either side, up to `lastBlock`. */
  const expected = (lastBlock = Infinity) =>
    chain.sent
      .filter((row) => tracked.includes(row.from_address) || tracked.includes(row.to_address))
      .filter((row) => row.block_number <= lastBlock)
      .sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);

  const stored = (db: Db) =>
    db.kysely
      .selectFrom('chain_transfers')
      .select([
        'tx_hash',
        'log_index',
        'block_number',
        'block_time',
        'token',
        'from_address',
        'to_address',
        'amount',
      ])
      .orderBy('block_number')
      .orderBy('log_index')
      .execute();

  async function trackWallets(t: { app: TestApp['app']; db: Db }) {
    const user = await registerUser(t.app);
    await t.db.kysely.transaction().execute((trx) =>
      insertWallets(
        trx,
        user.id,
        tracked.map((address, index) => ({
          wallet_name: `Wallet ${index}`,
          wallet_address: address,
          category: null,
        })),
      ),
    );
  }

  /** A fresh app on a fresh database whose user tracks the two wallets. */
  async function followerApp(rpcUrl: string, env: Record<string, string> = {}) {
    const t = await createTestApp({ env: { RONIN_RPC_URL: rpcUrl, ...FOLLOWER_ENV, ...env } });
    closers.push(() => t.close());
    await trackWallets(t);
    return t;
  }

  /** Whether the follower has read every block up to the head less the confirmations. */
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

  /** Passes until caught up; a pass that fails (a window still failing) is followed by another. */
  async function catchUp(db: Db, follower: TransferFollower, passes = 30) {
    for (let pass = 0; pass < passes; pass += 1) {
      await follower.pass().catch(() => undefined);
      if (await caughtUp(db)) return;
    }
    throw new Error('the follower did not catch up');
  }

  beforeAll(async () => {
    node = await startRoninNode();
    chain = await transferChain(
      node.url,
      Object.values(TOKENS).map((entry) => entry.address),
    );
    tracked = chain.addresses.slice(0, 2);
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await node?.close();
  });

  let first: TestApp;

  it('stores each transfer to or from a tracked wallet once its block has its confirmations, with its exact amount and block time', async () => {
    const [a, b, c, d] = chain.addresses as [Address, Address, Address, Address];
    await chain.mine(120);
    await chain.transfer(token('PIXEL'), 0, b, 2n ** 256n - 1n);
    await chain.transfer(token('SLP'), 1, c, 7n);
    await chain.mine(150);
    // Between two untracked accounts: never stored.
    await chain.transfer(token('AXS'), 2, d, 5n);
    await chain.transfer(token('USDC'), 3, a, 123_456n);
    // To itself: on both sides of the filter, stored once.
    await chain.transfer(token('WETH'), 0, a, 10n ** 18n + 1n);
    await chain.transfer(token('WRON'), 1, d, 42n);

    first = await followerApp(node.url);
    const follower = transferFollowerOf(first.app);
    await catchUp(first.db, follower);
    const head = await chain.blockNumber();
    // The last transfers lack their confirmations yet.
    expect(await stored(first.db)).toEqual(expected(head - CONFIRMATIONS));
    expect(expected(head - CONFIRMATIONS).length).toBeLessThan(expected().length);

    await chain.mine(CONFIRMATIONS);
    await follower.pass();
    const rows = await stored(first.db);
    expect(rows).toEqual(expected());
    expect(rows).toHaveLength(5);
    expect(rows[0]!.amount).toBe(
      '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    );
    expect(rows.some((row) => row.from_address === c && row.to_address === d)).toBe(false);
  }, 60_000);

  it('resumes from its cursor after a restart, reading only the new blocks and storing nothing twice', async () => {
    const [a] = chain.addresses as [Address];
    await chain.transfer(token('PIXEL'), 1, a, 1n);
    await chain.transfer(token('AXS'), 0, chain.addresses[3]!, 3n);
    await chain.mine(CONFIRMATIONS);

    node.resetCounts();
    // A new follower knows only what the database keeps.
    const restarted = transferFollowerOf(first.app);
    await restarted.pass();
    expect(await stored(first.db)).toEqual(expected());
    // One window of new blocks, one filter of addresses, each side once.
    expect(node.counts.byMethod.eth_getLogs).toBe(2);
    expect(await caughtUp(first.db)).toBe(true);

    await restarted.pass();
    expect(await stored(first.db)).toEqual(expected());
  }, 60_000);

  it('reads the new blocks of a wallet tracked while another instance was storing them', async () => {
    const service = activityService({ db: first.db.kysely });
    const safe = (await chain.blockNumber()) - CONFIRMATIONS;
    // One instance began a pass: it follows the two wallets.
    const before = await service.followTracked(CHAIN_ID, safe, BACKFILL_BLOCKS);
    expect(before.cursor).toBe(safe);

    // Meanwhile a third address is tracked, receives a transfer, and another instance joins it.
    const joining = chain.addresses[2]! as Address;
    const user = await registerUser(first.app);
    await first.db.kysely
      .transaction()
      .execute((trx) =>
        insertWallets(trx, user.id, [
          { wallet_name: 'Joined', wallet_address: joining, category: null },
        ]),
      );
    await chain.transfer(token('SLP'), 3, joining, 11n);
    await chain.mine(CONFIRMATIONS);
    await service.followTracked(CHAIN_ID, safe, BACKFILL_BLOCKS);

    // The first stores the window it read for the two (nothing of theirs is in it).
    const now = (await chain.blockNumber()) - CONFIRMATIONS;
    const window = { from: safe + 1, to: now };
    const followedBefore = before.followed.map((row) => row.address);
    expect(await service.storeNewBlocks(CHAIN_ID, window, followedBefore, [])).toBe(true);

    tracked.push(joining);
    await catchUp(first.db, transferFollowerOf(first.app));
    expect(await stored(first.db)).toEqual(expected());
    expect((await stored(first.db)).some((row) => row.amount === '11')).toBe(true);
  }, 60_000);

  it('resumes a backfill stopped halfway where it stopped', async () => {
    const t = await followerApp(node.url, { RONIN_LOGS_RANGE: '50' });
    let windows = 0;
    await transferFollowerOf(t.app).pass(Infinity, () => (windows += 1) > 3);
    const halfway = await t.db.kysely
      .selectFrom('chain_follow_addresses')
      .select(['backfill_next', 'backfill_last'])
      .executeTakeFirstOrThrow();
    expect(halfway.backfill_next).toBeGreaterThan(0);
    expect(halfway.backfill_next).toBeLessThanOrEqual(halfway.backfill_last);

    node.resetCounts();
    await catchUp(t.db, transferFollowerOf(t.app));
    expect(await stored(t.db)).toEqual(expected());
    // Only the blocks still to read were asked for: 50 a window, two sides each.
    const left = halfway.backfill_last - halfway.backfill_next + 1;
    expect(node.counts.byMethod.eth_getLogs).toBeLessThanOrEqual(2 * Math.ceil(left / 50) + 2);
  }, 60_000);

  it('halves its window while the node refuses a range, and still reads every block', async () => {
    const faulty = await startFaultyNode(node.url, { maxRange: 16 });
    closers.push(() => faulty.close());
    const t = await followerApp(faulty.url);
    const follower = transferFollowerOf(t.app);
    await catchUp(t.db, follower);
    expect(await stored(t.db)).toEqual(expected());
    expect(faulty.counts.refused).toBeGreaterThan(0);
    expect(follower.windowBlocks).toBeLessThanOrEqual(16);
  }, 120_000);

  it('loses and doubles nothing when the node fails every third request', async () => {
    const faulty = await startFaultyNode(node.url, { failEvery: 3 });
    closers.push(() => faulty.close());
    const t = await followerApp(faulty.url);
    await catchUp(t.db, transferFollowerOf(t.app));
    expect(faulty.counts.failed).toBeGreaterThan(0);
    expect(await stored(t.db)).toEqual(expected());

    await chain.transfer(token('SLP'), 2, chain.addresses[1]! as Address, 9n);
    await chain.mine(CONFIRMATIONS);
    await catchUp(t.db, transferFollowerOf(t.app));
    expect(await stored(t.db)).toEqual(expected());
  }, 120_000);

  it('stores no transfer the node makes up, and loses none', async () => {
    const faulty = await startFaultyNode(node.url, { inventEvery: 3 });
    closers.push(() => faulty.close());
    const t = await followerApp(faulty.url);
    await catchUp(t.db, transferFollowerOf(t.app));
    expect(faulty.counts.invented).toBeGreaterThan(0);
    expect(await stored(t.db)).toEqual(expected());
  }, 120_000);

  it('waits out a node that stalls, storing nothing meanwhile and everything after', async () => {
    const t = await followerApp(node.url, { UPSTREAM_TIMEOUT: '500ms' });
    const follower = transferFollowerOf(t.app);
    await catchUp(t.db, follower);
    await chain.transfer(token('AXS'), 2, chain.addresses[0]! as Address, 31n);
    await chain.mine(CONFIRMATIONS);
    const cursor = () =>
      t.db.kysely.selectFrom('chain_follow_cursors').select('last_block').executeTakeFirstOrThrow();
    const before = await cursor();

    node.setMode('slow');
    try {
      await expect(follower.pass()).rejects.toThrow();
    } finally {
      node.setMode('ok');
    }
    expect(await cursor()).toEqual(before);
    expect(await stored(t.db)).toEqual(expected(before.last_block));

    await catchUp(t.db, follower);
    expect(await stored(t.db)).toEqual(expected());
  }, 120_000);

  it('asks the node at most RONIN_RPS requests a second', async () => {
    const faulty = await startFaultyNode(node.url, {});
    closers.push(() => faulty.close());
    const t = await followerApp(faulty.url, { RONIN_RPS: '20', RONIN_LOGS_RANGE: '25' });
    const started = performance.now();
    await catchUp(t.db, transferFollowerOf(t.app));
    const seconds = (performance.now() - started) / 1000;
    expect(await stored(t.db)).toEqual(expected());
    expect(faulty.counts.requests).toBeGreaterThan(20);
    expect(seconds).toBeGreaterThanOrEqual((faulty.counts.requests - 1) / 20);
  }, 120_000);

  it('stores each transfer once when two instances on one database follow at once, and only one follows on its timer', async () => {
    const database = await createTestDatabase();
    // Each instance asks the node through a proxy of its own, which counts its calls.
    const proxies = [await startFaultyNode(node.url, {}), await startFaultyNode(node.url, {})];
    const apps: App[] = [];
    for (const proxy of proxies) {
      const config = testConfig(database.dataDir, {
        RONIN_RPC_URL: proxy.url,
        ...FOLLOWER_ENV,
        RONIN_LOGS_RANGE: '40',
        ACTIVITY_POLL: '2s',
      });
      apps.push(await buildApp({ config, db: database.db }));
    }
    closers.push(async () => {
      for (const app of apps) await app.close();
      for (const proxy of proxies) await proxy.close();
      await database.drop();
    });
    await trackWallets({ app: apps[0]!, db: database.db });

    // Both pass at the same moment, window for window: each window is stored by one of them.
    const followers = apps.map((app) => transferFollowerOf(app));
    for (let round = 0; round < 30 && !(await caughtUp(database.db)); round += 1) {
      await Promise.all(followers.map((follower) => follower.pass()));
    }
    expect(await stored(database.db)).toEqual(expected());
    expect(proxies.every((proxy) => (proxy.counts.byMethod.eth_getLogs ?? 0) > 0)).toBe(true);

    // On their timers, the one whose claim of the poll period lands reads the new window.
    const before = proxies.map((proxy) => proxy.counts.byMethod.eth_getLogs ?? 0);
    await chain.transfer(token('PIXEL'), 3, chain.addresses[0]! as Address, 77n);
    await chain.mine(CONFIRMATIONS);
    const jobs = apps.map((app) => activityFollower(app));
    for (const job of jobs) job.start();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await stored(database.db)).length < expected().length) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const job of jobs) await job.stop();
    expect(await stored(database.db)).toEqual(expected());
    const asked = proxies.map(
      (proxy, index) => (proxy.counts.byMethod.eth_getLogs ?? 0) - before[index]!,
    );
    // One window of new blocks, both sides, asked by one instance.
    expect(asked.reduce((sum, count) => sum + count, 0)).toBe(2);
  }, 120_000);
});
