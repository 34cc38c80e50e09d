import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { Config } from '../config.js';
import { raiseListVersions } from '../db/list-versions.repository.js';
import type { Database } from '../db/schema.js';
import { CachedSource, type LastGoodStore, type RefreshCoordinator } from './cached-source.js';
import { NodePace } from './node-pace.js';
import { RoninBalanceReader, type Balances } from './ronin-balances.js';
import { readLastBalances, trackersOf, writeLastBalances } from './wallet-balances.repository.js';

/** Addresses whose cache is kept in memory; one further away is read back from the database. */
const ADDRESSES_IN_MEMORY = 20_000;

/** An address's cached source, by the name its shared state has in the coordinator. */
const balanceSourceName = (address: string) => `balances:${address}`;

/** The last good balances of an address, kept with the wallets that track it. */
function balanceStore(db: Kysely<Database>, address: string): LastGoodStore<Balances> {
  return {
    async read() {
      const last = await readLastBalances(db, address);
      return last && { value: last.amounts, asOf: last.asOf };
    },
    write: (balances, asOf) => writeLastBalances(db, address, balances, asOf),
  };
}

/**
 * Balances through the gateway, one cached source per address: asked of the node at most once
 * per BALANCE_TTL however many requests (or instances, with Redis) want them, concurrent asks
 * coalesced, and the last good amounts answered as stale while the node fails.
 */
export class BalanceCache {
  /** The least recently asked address leaves memory first; its amounts stay in the database. */
  private readonly sources = new LRUCache<string, CachedSource<Balances>>({
    max: ADDRESSES_IN_MEMORY,
  });
  /**
   * When each address was last marked due (markDue), for its source made again after it left
   * memory; as many as the sources, the least recently marked going first.
   */
  private readonly dueMarks = new LRUCache<string, number>({ max: ADDRESSES_IN_MEMORY });
  private readonly reader: RoninBalanceReader;
  /** The pace of the node requests of background work, shared by all of it (RONIN_RPS). */
  readonly pace: NodePace;
  /** Lookups this instance has made of the node, for the one-per-TTL promise to be measured. */
  lookups = 0;

  constructor(
    private readonly config: Config['gateway'],
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly coordinator?: RefreshCoordinator,
  ) {
    this.pace = new NodePace(config.ronin.backgroundPerSecond);
    this.reader = new RoninBalanceReader({
      rpcUrl: config.ronin.rpcUrl,
      tokens: config.ronin.tokens,
      collections: config.ronin.collections,
      timeoutMs: config.timeoutMs,
    });
  }

  /** The tokens read besides RON, as configured. */
  get tokens() {
    return this.config.ronin.tokens;
  }

  /** The NFT collections counted in the same read, as configured. */
  get collections() {
    return this.config.ronin.collections;
  }

  /** `address` in its stored form (0x and 40 lower-case hex digits). */
  forAddress(address: string): CachedSource<Balances> {
    let source = this.sources.get(address);
    if (!source) {
      source = new CachedSource<Balances>(
        {
          name: balanceSourceName(address),
          ttlMs: this.config.ronin.balanceTtlMs,
          fallback: {},
          peerWaitMs: this.config.timeoutMs + 250,
          store: balanceStore(this.db, address),
          dueMarks: true,
          load: () => {
            this.lookups += 1;
            return this.reader.read(address as Address);
          },
        },
        this.db,
        this.log,
        this.coordinator,
      );
      const due = this.dueMarks.get(address);
      if (due !== undefined) source.markDue(due);
      this.sources.set(address, source);
    }
    return source;
  }

  /**
   * The balances of those of `addresses` that someone tracks have changed (a transfer to or from
   * them was stored): the amounts read before now are due for a check, so the next read of each,
   * on any instance, asks the node and waits for its answer instead of answering them within
   * their BALANCE_TTL. Told to this instance's sources, to the others through the coordinator
   * (Redis), and to the portfolio answers kept for their users (their wallets' list version).
   */
  async markDue(addresses: readonly string[], since = Date.now()) {
    const trackers = await trackersOf(this.db, addresses);
    if (trackers.size === 0) return;
    const tracked = [...trackers.keys()];
    for (const address of tracked) {
      this.dueMarks.set(address, Math.max(since, this.dueMarks.get(address) ?? 0));
      this.sources.peek(address)?.markDue(since);
    }
    try {
      await this.coordinator?.markDue(tracked.map(balanceSourceName), since);
    } catch (error) {
      // The other instances then answer what they hold until its TTL runs out, as before.
      this.log.warn({ err: error }, 'could not tell the other instances of balances due');
    }
    // Last, so that a portfolio read again once its kept answer is dropped finds the marks.
    await raiseListVersions(this.db, 'wallets', [...trackers.values()].flat());
  }
}
