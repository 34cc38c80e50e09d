import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { mapValueOrPromise } from '../lib/value-or-promise.js';

export type CachedBody = {
  body: string;
  total: number;
  /** The total counts only so far (see db/search.ts): there may be more. */
  totalIsLowerBound?: boolean;
  etag: string;
};
type Stored = CachedBody & { version: string };
type Load = () => Promise<Omit<CachedBody, 'etag'>>;

/**
 * The generation of each namespace. A write bumps its namespace; an entry is good only while its
 * namespace is still at the generation the entry was loaded under. On one instance the counters
 * live in memory; with several, in Redis, so a write on one instance is seen by all at once.
 */
export interface CacheVersions {
  /**
   * undefined when the generation cannot be known right now: then nothing is cached. Known at
   * once when kept in memory, so that a hit is answered without waiting on anything.
   */
  current(namespace: string): string | undefined | Promise<string | undefined>;
  bump(namespaces: readonly string[]): Promise<void>;
}

export class LocalCacheVersions implements CacheVersions {
  // One counter per namespace, and the namespaces are the few the routes name: nothing to bound.
  private readonly generations = new Map<string, string>();

  current(namespace: string) {
    return this.generations.get(namespace) ?? '0';
  }

  async bump(namespaces: readonly string[]) {
    for (const namespace of namespaces)
      this.generations.set(namespace, String(Number(this.current(namespace)) + 1));
  }
}

const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Serialised answers of the public lists and feeds, grouped by namespace ("games", "blogs", ...),
 * each with its ETag computed once. A write drops its namespace everywhere (see CacheVersions);
 * entries also expire after `ttlMs`, a bound on staleness should a bump ever be lost. Each
 * namespace keeps at most `maxEntriesPerNamespace` pages, the least recently read going first, so
 * a flood of distinct searches in one list never pushes another list out.
 */
export class ResponseCache {
  private readonly namespaces = new Map<string, LRUCache<string, Stored>>();

  constructor(
    private readonly versions: CacheVersions = new LocalCacheVersions(),
    private readonly ttlMs = 30_000,
    private readonly maxEntriesPerNamespace = 500,
  ) {}

  /** The cached body for `key`, else the one `load` builds, kept for the next reader. */
  async remember(namespace: string, key: string, load: Load): Promise<CachedBody> {
    return this.rememberNow(namespace, key, load);
  }

  /**
   * remember()'s fast path, for the list routes of this folder only: a hit whose generation is
   * known at once is returned as it is, not as a promise, so the commonest answer of the site
   * takes no turn of the event loop.
   */
  rememberNow(namespace: string, key: string, load: Load): CachedBody | Promise<CachedBody> {
    // The generation is read before loading: a write landing meanwhile makes this entry old.
    return mapValueOrPromise(this.versions.current(namespace), (version) => {
      const hit = this.namespaces.get(namespace)?.get(key);
      return hit && hit.version === version ? hit : this.fill(namespace, key, version, load);
    });
  }

  private async fill(
    namespace: string,
    key: string,
    version: string | undefined,
    load: Load,
  ): Promise<CachedBody> {
    const loaded = await load();
    const entry = { ...loaded, etag: etagOf(loaded.body) };
    if (version !== undefined) this.entriesOf(namespace).set(key, { ...entry, version });
    return entry;
  }

  /** Called after a write has committed, before it is answered. */
  async invalidate(...namespaces: string[]): Promise<void> {
    for (const namespace of namespaces) this.namespaces.get(namespace)?.clear();
    await this.versions.bump(namespaces);
  }

  private entriesOf(namespace: string) {
    let entries = this.namespaces.get(namespace);
    if (!entries) {
      entries = new LRUCache({
        max: this.maxEntriesPerNamespace,
        ttl: this.ttlMs,
        // The wall clock, as every other expiry in the app reads it (and tests can move it).
        perf: Date,
      });
      this.namespaces.set(namespace, entries);
    }
    return entries;
  }
}
