type Entry = { body: string; total: number };

/**
 * Cached answers of the public lists, grouped by namespace ("games", "blogs", ...). A write
 * drops its whole namespace, so a reader never sees a list older than the last write. Bounded:
 * the oldest entries go first once a namespace is full.
 */
export class ResponseCache {
  private readonly namespaces = new Map<string, Map<string, Entry>>();

  constructor(private readonly maxEntriesPerNamespace = 500) {}

  get(namespace: string, key: string): Entry | undefined {
    return this.namespaces.get(namespace)?.get(key);
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
    entries.set(key, entry);
  }

  invalidate(...namespaces: string[]): void {
    for (const namespace of namespaces) this.namespaces.delete(namespace);
  }
}
