import { createHash } from 'node:crypto';
import { mapValueOrPromise } from './value-or-promise.js';

export type CachedBody = {
  body: string;
  total: number;
  /** The total counts only so far (see db/search.ts): there may be more. */
  totalIsLowerBound?: boolean;
  etag: string;
};
type Stored = CachedBody & { version: string; expiresAt: number };

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
 * entries also expire after `ttlMs`, a bound on staleness should a bump ever be lost. Bounded: the
 * oldest entries go first once a namespace is full.
 */
export class ResponseCache {
  private readonly namespaces = new Map<string, Map<string, Stored>>();

  constructor(
    private readonly versions: CacheVersions = new LocalCacheVersions(),
    private readonly ttlMs = 30_000,
    private readonly maxEntriesPerNamespace = 500,
  ) {}

  /**
   * The cached body for `key`, else the one `load` builds, kept for the next reader. A hit whose
   * generation is known at once is returned as it is, not as a promise: the commonest answer of
   * the site then takes no turn of the event loop.
   */
  remember(
    namespace: string,
    key: string,
    load: () => Promise<Omit<CachedBody, 'etag'>>,
  ): CachedBody | Promise<CachedBody> {
    // The generation is read before loading: a write landing meanwhile makes this entry old.
    return mapValueOrPromise(this.versions.current(namespace), (version) =>
      this.lookup(namespace, key, version, load),
    );
  }

  private lookup(
    namespace: string,
    key: string,
    version: string | undefined,
    load: () => Promise<Omit<CachedBody, 'etag'>>,
  ): CachedBody | Promise<CachedBody> {
    const entries = this.namespaces.get(namespace);
    const hit = entries?.get(key);
    if (hit && hit.version === version && hit.expiresAt > Date.now()) return hit;
    if (hit) entries?.delete(key);
    return this.fill(namespace, key, version, load);
  }

  private async fill(
    namespace: string,
    key: string,
    version: string | undefined,
    load: () => Promise<Omit<CachedBody, 'etag'>>,
  ): Promise<CachedBody> {
    const loaded = await load();
    const entry = { ...loaded, etag: etagOf(loaded.body) };
    if (version !== undefined) this.store(namespace, key, { ...entry, version });
    return entry;
  }

  /** Called after a write has committed, before it is answered. */
  async invalidate(...namespaces: string[]): Promise<void> {
    for (const namespace of namespaces) this.namespaces.delete(namespace);
    await this.versions.bump(namespaces);
  }

  private store(namespace: string, key: string, entry: CachedBody & { version: string }) {
    let entries = this.namespaces.get(namespace);
    if (!entries) {
      entries = new Map();
      this.namespaces.set(namespace, entries);
    }
    if (entries.size >= this.maxEntriesPerNamespace) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, { ...entry, expiresAt: Date.now() + this.ttlMs });
  }
}
