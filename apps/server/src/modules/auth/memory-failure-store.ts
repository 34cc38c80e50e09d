import type { FailureStore } from './login-throttle.js';

type Entry = { count: number; expiresAt: number };

/**
 * The single-instance store. Each method runs to completion without awaiting, which makes a
 * reservation atomic within the process. Expired entries are dropped on read and by a sweep.
 */
export class MemoryFailureStore implements FailureStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async reserve(keys: string[], limit: number, windowSeconds: number) {
    if (keys.some((key) => (this.live(key)?.count ?? 0) >= limit)) return false;
    const expiresAt = Date.now() + windowSeconds * 1000;
    for (const key of keys) {
      const entry = this.live(key) ?? { count: 0, expiresAt };
      entry.count += 1;
      this.entries.set(key, entry);
    }
    return true;
  }

  async release(keys: string[]) {
    for (const key of keys) {
      const entry = this.live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    }
  }

  async remember(key: string, seconds: number) {
    this.entries.set(key, { count: 1, expiresAt: Date.now() + seconds * 1000 });
  }

  async isRemembered(key: string) {
    return this.live(key) !== undefined;
  }

  async forget(keys: string[], prefixes: string[]) {
    for (const key of keys) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.entries.delete(key);
    }
  }

  close() {
    clearInterval(this.sweeper);
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
