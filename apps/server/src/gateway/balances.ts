import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { CachedSource, type LastGoodStore, type RefreshCoordinator } from './cached-source.js';
import { NodePace } from './node-pace.js';
import { RoninBalanceReader, type Balances } from './ronin-balances.js';
import { readLastBalances, writeLastBalances } from './wallet-balances.repository.js';

/** Addresses whose cache is kept in memory; one further away is read back from the database. */
const ADDRESSES_IN_MEMORY = 20_000;

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
      timeoutMs: config.timeoutMs,
    });
  }

  /** The tokens read besides RON, as configured. */
  get tokens() {
    return this.config.ronin.tokens;
  }

  /** `address` in its stored form (0x and 40 lower-case hex digits). */
  forAddress(address: string): CachedSource<Balances> {
    let source = this.sources.get(address);
    if (!source) {
      source = new CachedSource<Balances>(
        {
          name: `balances:${address}`,
          ttlMs: this.config.ronin.balanceTtlMs,
          fallback: {},
          peerWaitMs: this.config.timeoutMs + 250,
          store: balanceStore(this.db, address),
          load: () => {
            this.lookups += 1;
            return this.reader.read(address as Address);
          },
        },
        this.db,
        this.log,
        this.coordinator,
      );
      this.sources.set(address, source);
    }
    return source;
  }
}
