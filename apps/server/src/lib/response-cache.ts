type Entry = { body: string; total: number };
type Stored = Entry & { expiresAt: number };

/**
 * Cached answers of the public lists, grouped by namespace ("games", "blogs", ...). A write on
 * this instance drops its whole namespace, so its readers never see a list older than the last
 * write; entries also expire after `ttlMs`, which bounds how stale another instance can be.
 * Bounded: the oldest entries go first once a namespace is full.
 */
export class ResponseCache {
  private readonly namespaces = new Map<string, Map<string, Stored>>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntriesPerNamespace = 500,
  ) {}

  get(namespace: string, key: string): Entry | undefined {
    const entries = this.namespaces.get(namespace);
    const entry = entries?.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries?.delete(key);
      return undefined;
    }
    return entry;
  }

  set(namespace: string, key: string, entry: Entry): void {
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

  invalidate(...namespaces: string[]): void {
    for (const namespace of namespaces) this.namespaces.delete(namespace);
  }
}
