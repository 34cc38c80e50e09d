import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { startRoninNode, TOKENS } from '../../../../../harness/ronin-node.js';
import {
  createChildData,
  startChildServer,
  type ChildData,
  type ChildServer,
} from '../../support/child-server.js';
import { newIdentity } from '../../support/accounts.js';
import { dropRedisPrefix, TEST_REDIS_URL } from '../../support/shared-pair.js';
import { TEST_ENGINE } from '../../support/test-app.js';
import {
  startFaultyNode,
  transferChain,
  type PassedCall,
  type SentTransfer,
  type TransferChain,
} from './transfer-chain.js';

const POLL_MS = 1000;
const CONFIRMATIONS = 3;
/** One day is 28,800 blocks, more than these chains hold: a new wallet is read back to block 0. */
const FOLLOWER_ENV = {
  ACTIVITY_POLL: `${POLL_MS}ms`,
  ACTIVITY_BACKFILL_DAYS: '1',
  RONIN_CONFIRMATIONS: String(CONFIRMATIONS),
  // A node slowed by a loaded machine must not fail a window.
  UPSTREAM_TIMEOUT: '30s',
};

const token = (symbol: keyof typeof TOKENS) => TOKENS[symbol].address as Address;
const byPlace = (a: { tx_hash: string; log_index: number }, b: typeof a) =>
  a.tx_hash.localeCompare(b.tx_hash) || a.log_index - b.log_index;

/**
 * An eth_getLogs a follower asked: its blocks, which side of the transfer named whom, and which
 * instance asked (the proxy it came through).
 */
type AskedLogs = {
  from: number;
  to: number;
  side: 'from' | 'to';
  addresses: string[];
  instance: number;
};

function askedLogs(calls: readonly PassedCall[], instance = 0): AskedLogs[] {
  return calls
    .filter((call) => call.method === 'eth_getLogs')
    .map((call) => {
      const filter = call.params[0] as {
        fromBlock: string;
        toBlock: string;
        topics: (string | string[] | null)[];
      };
      const named = (filter.topics[1] ?? filter.topics[2]) as string[];
      return {
        from: Number(filter.fromBlock),
        to: Number(filter.toBlock),
        side: filter.topics[1] ? 'from' : 'to',
        addresses: named.map((topic) => `0x${topic.slice(26)}`.toLowerCase()),
        instance,
      };
    });
}

/** The blocks asked for `address` on `side`, as ranges in order. */
function rangesAsked(asked: readonly AskedLogs[], address: string, side: 'from' | 'to') {
  return asked
    .filter((call) => call.side === side && call.addresses.includes(address))
    .sort((a, b) => a.from - b.from || a.to - b.to);
}

/**
 * Checks that `ranges` cover `first` to `last` with no gap and no overlap, as one follower asks
 * each block once per address and side, and answers how many windows were asked again. The one
 * overlap the design allows: a pass that ran past the end of its poll period and the next
 * period's follower, another instance, both reading the window from the same cursor (stored
 * once). Any other overlap fails.
 */
function expectTiled(ranges: readonly AskedLogs[], first: number, last: number) {
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges[0]!.from).toBe(first);
  let end = ranges[0]!.to;
  let askedAgain = 0;
  ranges.slice(1).forEach((range, index) => {
    const previous = ranges[index]!;
    if (range.from === previous.from && range.instance !== previous.instance) {
      askedAgain += 1;
    } else {
      expect(range.from).toBe(end + 1);
    }
    end = Math.max(end, range.to);
  });
  expect(end).toBe(last);
  return askedAgain;
}

/** The data of a server process and what reads it directly (the same file or database). */
function storage(data: ChildData) {
  return {
    async transfers() {
      const rows = await data.query(
        'select tx_hash, log_index, token, from_address, to_address, amount from chain_transfers',
      );
      return rows
        .map((row) => ({
          tx_hash: String(row.tx_hash),
          log_index: Number(row.log_index),
          token: String(row.token),
          from_address: String(row.from_address),
          to_address: String(row.to_address),
          amount: String(row.amount),
        }))
        .sort(byPlace);
    },
    /** Transfers stored more than once by (tx_hash, log_index), whatever the unique index says. */
    async doubled() {
      return data.query(
        'select tx_hash, log_index, count(*) as n from chain_transfers group by tx_hash, log_index having count(*) > 1',
      );
    },
    async cursor() {
      const [row] = await data.query('select last_block from chain_follow_cursors');
      return row ? Number(row.last_block) : undefined;
    },
    /** Each followed address's backfill: the next block to read and the last one. */
    async backfills() {
      const rows = await data.query(
        'select address, backfill_next, backfill_last from chain_follow_addresses',
      );
      return rows.map((row) => ({
        address: String(row.address),
        next: Number(row.backfill_next),
        last: Number(row.backfill_last),
      }));
    },
  };
}

/** A user signed up on `base` who tracks `addresses`, imported in one file (so read back together). */
async function trackWallets(base: string, addresses: readonly string[]) {
  const identity = newIdentity('follower');
  const post = (path: string, body: string | FormData, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
  const json = { 'content-type': 'application/json' };
  expect((await post('/api/register', JSON.stringify(identity), json)).status).toBe(201);
  const login = await post('/api/login', JSON.stringify(identity), json);
  const { token: bearer } = (await login.json()) as { token: string };
  const csv = [
    'wallet_name,wallet_address,category',
    ...addresses.map((address, index) => `Wallet ${index},${address},`),
  ].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'wallets.csv');
  const imported = await post('/api/wallets/import', form, { authorization: `Bearer ${bearer}` });
  expect(await imported.json()).toMatchObject({ imported: addresses.length });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/*
 * The follower in production servers (src/main.ts, each its own process) on one database (a
 * SQLite file, or a PostgreSQL database of its own, with Redis when TEST_REDIS_URL is set), in
 * front of a real EVM node (Ganache, chain id 2020) through proxies that record every call.
 */
describe('the transfer follower in server processes', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function startChain() {
    const node = await startRoninNode();
    closers.push(() => node.close());
    const chain = await transferChain(
      node.url,
      Object.values(TOKENS).map((entry) => entry.address),
    );
    return { node, chain };
  }

  /** The servers' data, and Redis on PostgreSQL when there is one (else none). */
  async function startData(
    purpose: string,
  ): Promise<{ data: ChildData; env: Record<string, string> }> {
    const data = await createChildData(purpose);
    closers.push(() => data.remove());
    if (TEST_ENGINE !== 'postgres' || !TEST_REDIS_URL) return { data, env: { REDIS_URL: '' } };
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    closers.push(() => dropRedisPrefix(TEST_REDIS_URL!, prefix));
    return { data, env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } };
  }

  async function startProxy(target: string) {
    const proxy = await startFaultyNode(target, {});
    closers.push(() => proxy.close());
    return proxy;
  }

  async function startFollowing(data: ChildData, env: Record<string, string>) {
    const server = await startChildServer(data, { ...FOLLOWER_ENV, ...env });
    closers.push(() => server.kill());
    return server;
  }

  /** The sent transfers with a tracked address on either side, as stored. */
  const expectedOf = (chain: TransferChain, tracked: readonly string[]) =>
    chain.sent
      .filter((row) => tracked.includes(row.from_address) || tracked.includes(row.to_address))
      .map((row: SentTransfer) => ({
        tx_hash: row.tx_hash.toLowerCase(),
        log_index: row.log_index,
        token: row.token,
        from_address: row.from_address,
        to_address: row.to_address,
        amount: row.amount,
      }))
      .sort(byPlace);

  /** Waits until the cursor is at the head less the confirmations and every backfill is done. */
  async function caughtUp(chain: TransferChain, data: ChildData, timeoutMs = 60_000) {
    const stored = storage(data);
    return waitFor(
      'the follower catching up',
      async () => {
        const safe = (await chain.blockNumber()) - CONFIRMATIONS;
        const backfills = await stored.backfills();
        const done =
          (await stored.cursor()) === safe &&
          backfills.length > 0 &&
          backfills.every((row) => row.next > row.last);
        return done ? safe : undefined;
      },
      timeoutMs,
    );
  }

  it('runs one follower between two instances on one database: each transfer stored once, each block asked once, and the other takes over when the follower is killed', async () => {
    const { node, chain } = await startChain();
    const [a, b, c, d] = chain.addresses as [Address, Address, Address, Address];
    const tracked = [a, b, c];
    // Before the wallets are tracked: read by their backfill.
    await chain.mine(60);
    await chain.transfer(token('PIXEL'), 3, a, 100n);
    await chain.transfer(token('AXS'), 0, b, 7n);
    await chain.mine(60);
    await chain.transfer(token('SLP'), 2, d, 3n);
    await chain.transfer(token('USDC'), 3, d, 9n);

    const { data, env } = await startData('follower-pair');
    const stored = storage(data);
    // Each instance asks the node through a proxy of its own, which records its calls.
    const proxies = [await startProxy(node.url), await startProxy(node.url)];
    // 3 addresses, 2 to a filter: 2 chunks; 25 blocks a window.
    const settings = { RONIN_LOGS_RANGE: '25', RONIN_LOGS_ADDRESSES: '2', RONIN_RPS: '200' };
    const servers: ChildServer[] = [];
    // One after the other: the first runs the migrations.
    for (const proxy of proxies) {
      servers.push(await startFollowing(data, { ...env, ...settings, RONIN_RPC_URL: proxy.url }));
    }
    await trackWallets(servers[0]!.url, tracked);
    let safe = await caughtUp(chain, data);

    // New blocks while both run, in three rounds a poll or so apart.
    for (let round = 0; round < 3; round += 1) {
      await chain.transfer(token('PIXEL'), round, d, BigInt(round + 1));
      await chain.mine(30);
      await chain.transfer(token('WRON'), 3, tracked[round]!, 50n + BigInt(round));
      await chain.mine(CONFIRMATIONS);
      safe = await caughtUp(chain, data);
    }
    expect(await stored.transfers()).toEqual(expectedOf(chain, tracked));
    expect(await stored.doubled()).toEqual([]);

    // One follower's work: every block from 0 to the safe head asked once per address and side
    // (its backfill from 0 to where the cursor started, then the new blocks), in windows of at
    // most 25 blocks naming at most 2 addresses: eth_getLogs = 2 sides × ⌈3 / 2⌉ chunks × the
    // windows, however the two instances shared the polls. A window is asked by both only where
    // the follower changed hands under a pass that ran past its period.
    const asked = proxies.flatMap((proxy, index) => askedLogs(proxy.passed, index));
    let askedAgain = 0;
    for (const address of tracked) {
      for (const side of ['from', 'to'] as const) {
        askedAgain += expectTiled(rangesAsked(asked, address, side), 0, safe);
      }
    }
    expect(asked.every((call) => call.to - call.from < 25 && call.addresses.length <= 2)).toBe(
      true,
    );
    const windows = new Set(asked.map((call) => `${call.instance}:${call.from}-${call.to}`));
    expect(asked).toHaveLength(2 * 2 * windows.size);
    // At least the fewest windows the blocks take: ⌈backfill / 25⌉ + ⌈new blocks / 25⌉.
    const [backfill] = await stored.backfills();
    const fewest = Math.ceil((backfill!.last + 1) / 25) + Math.ceil((safe - backfill!.last) / 25);
    expect(windows.size).toBeGreaterThanOrEqual(fewest);
    const perInstance = proxies.map((proxy) => askedLogs(proxy.passed).length);
    // A pass asks for the head once, and one instance passes a poll period: as many as the
    // periods (one more where a pass began at a period's very end), where two followers would
    // ask twice as often.
    const heads = proxies
      .flatMap((proxy, instance) =>
        proxy.passed
          .filter((call) => call.method === 'eth_blockNumber')
          .map((call) => ({ at: call.at, instance })),
      )
      .sort((x, y) => x.at - y.at);
    const periods =
      Math.floor(heads[heads.length - 1]!.at / POLL_MS) - Math.floor(heads[0]!.at / POLL_MS) + 1;
    expect(heads.length).toBeLessThanOrEqual(periods + 1);
    const handovers = heads.filter(
      (head, index) => index > 0 && head.instance !== heads[index - 1]!.instance,
    ).length;
    expect(askedAgain).toBeLessThanOrEqual(handovers * tracked.length * 2);

    // Stop the instance that follows now (the last to ask for the head) with SIGKILL.
    const lastAsked = proxies.map((proxy) =>
      Math.max(0, ...proxy.passed.filter((x) => x.method === 'eth_blockNumber').map((x) => x.at)),
    );
    const leader = lastAsked[0]! >= lastAsked[1]! ? 0 : 1;
    const other = 1 - leader;
    const otherSeen = proxies[other]!.passed.length;
    servers[leader]!.signal('SIGKILL');
    await servers[leader]!.exited;
    const killedAt = Date.now();

    await chain.transfer(token('AXS'), 3, b, 11n);
    await chain.transfer(token('SLP'), 1, c, 12n);
    await chain.mine(CONFIRMATIONS);
    const takenOverAt = await waitFor(
      'the other instance asking for the head',
      async () =>
        proxies[other]!.passed.slice(otherSeen).find((call) => call.method === 'eth_blockNumber')
          ?.at,
      10_000,
    );
    // The period the killed one claimed ends within a poll; the other looks within the next.
    const takeoverMs = takenOverAt - killedAt;
    // A second more for a loaded machine's timers.
    expect(takeoverMs).toBeLessThanOrEqual(2 * POLL_MS + 1000);
    const resumedFrom = safe;
    safe = await caughtUp(chain, data, 30_000);
    const storedAt = Date.now();
    expect(await stored.transfers()).toEqual(expectedOf(chain, tracked));
    expect(await stored.doubled()).toEqual([]);
    // The blocks since, asked once per address and side, by the one left.
    const since = askedLogs(proxies[other]!.passed.slice(otherSeen));
    for (const address of tracked) {
      for (const side of ['from', 'to'] as const) {
        expectTiled(rangesAsked(since, address, side), resumedFrom + 1, safe);
      }
    }
    console.info(
      `follower pair (${TEST_ENGINE}): eth_getLogs ${asked.length} in ${windows.size} windows ` +
        `(fewest ${fewest}), by instance ${perInstance.join(' + ')}, heads asked ${heads.length} in ${periods} periods, ${handovers} handovers, ${askedAgain} ranges asked again; takeover ${takeoverMs} ms, ` +
        `new transfers stored ${storedAt - killedAt} ms after the kill`,
    );
  }, 180_000);

  it('resumes a backfill where a killed server left it: every transfer stored once, only the blocks left asked again', async () => {
    const { node, chain } = await startChain();
    const [a, b, c, d] = chain.addresses as [Address, Address, Address, Address];
    const tracked = [a, b];
    // Transfers spread over some 1,200 blocks, half of them with a tracked wallet.
    for (let step = 0; step < 12; step += 1) {
      await chain.mine(100);
      await chain.transfer(
        token(step % 2 ? 'PIXEL' : 'SLP'),
        step % 4,
        [b, c, a, d][step % 4]!,
        1n + BigInt(step),
      );
    }
    await chain.mine(CONFIRMATIONS);
    const expected = expectedOf(chain, tracked);
    expect(expected.length).toBeGreaterThanOrEqual(6);

    const { data, env } = await startData('follower-restart');
    const stored = storage(data);
    const proxy = await startProxy(node.url);
    // 20 blocks a window at 40 requests a second: the backfill takes some 3 s on
    // an idle machine.
    const settings = {
      ...env,
      RONIN_LOGS_RANGE: '20',
      RONIN_RPS: '40',
      RONIN_RPC_URL: proxy.url,
    };
    const first = await startFollowing(data, settings);
    await trackWallets(first.url, tracked);
    const halfway = await waitFor(
      'the backfill a third of the way',
      async () => {
        const [row] = await stored.backfills();
        return row && row.next > row.last / 3 ? row : undefined;
      },
      60_000,
    );
    first.signal('SIGKILL');
    await first.exited;

    const left = await stored.backfills();
    expect(left.every((row) => row.next > halfway.next - 1 && row.next <= row.last)).toBe(true);
    const before = await stored.transfers();
    expect(before.length).toBeLessThan(expected.length);
    expect(before.every((row) => expected.some((one) => byPlace(one, row) === 0))).toBe(true);

    const seen = proxy.passed.length;
    const second = await startFollowing(data, settings);
    await caughtUp(chain, data, 90_000);
    expect(await stored.transfers()).toEqual(expected);
    expect(await stored.doubled()).toEqual([]);
    // Only what was left: each group of addresses from its next block, 20 blocks a window, each side.
    const groups = new Map(left.map((row) => [`${row.next}-${row.last}`, row]));
    const due = [...groups.values()].reduce(
      (sum, row) => sum + 2 * Math.ceil((row.last - row.next + 1) / 20),
      0,
    );
    const askedAgain = askedLogs(proxy.passed.slice(seen));
    expect(askedAgain).toHaveLength(due);
    for (const address of tracked) {
      const row = left.find((one) => one.address === address)!;
      expectTiled(rangesAsked(askedAgain, address, 'from'), row.next, row.last);
    }
    await second.kill();
    console.info(
      `follower restart (${TEST_ENGINE}): killed at block ${left[0]!.next} of ${left[0]!.last}; ` +
        `${before.length} of ${expected.length} transfers stored; eth_getLogs after ${askedAgain.length}`,
    );
  }, 180_000);
});
