import { tooManyRequests } from '../../lib/app-error.js';

/** Counts failures per key inside a fixed window that starts at the first failure. */
export interface FailureStore {
  count(key: string): Promise<number>;
  hit(key: string, windowSeconds: number): Promise<number>;
  clear(key: string): Promise<void>;
}

type Entry = { count: number; expiresAt: number };

/** The single-instance store. Expired entries are dropped on read and by a periodic sweep. */
export class MemoryFailureStore implements FailureStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async count(key: string) {
    return this.live(key)?.count ?? 0;
  }

  async hit(key: string, windowSeconds: number) {
    const entry = this.live(key) ?? { count: 0, expiresAt: Date.now() + windowSeconds * 1000 };
    entry.count += 1;
    this.entries.set(key, entry);
    return entry.count;
  }

  async clear(key: string) {
    this.entries.delete(key);
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

export type ThrottleLimits = { maxFailures: number; windowSeconds: number };

/**
 * Failed sign-ins are counted per client address and per account; once either has reached the
 * limit inside the window, further attempts are refused before the password is even checked.
 */
export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly limits: ThrottleLimits,
  ) {}

  async assertAllowed(ip: string, email: string) {
    const [byIp, byAccount] = await Promise.all([
      this.store.count(ipKey(ip)),
      this.store.count(accountKey(email)),
    ]);
    if (byIp >= this.limits.maxFailures || byAccount >= this.limits.maxFailures) {
      const minutes = Math.ceil(this.limits.windowSeconds / 60);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
      );
    }
  }

  async recordFailure(ip: string, email: string) {
    await Promise.all([
      this.store.hit(ipKey(ip), this.limits.windowSeconds),
      this.store.hit(accountKey(email), this.limits.windowSeconds),
    ]);
  }

  /** A success clears the account's count, not the address's: one good account must not
   *  launder an address that is guessing at others. */
  async recordSuccess(email: string) {
    await this.store.clear(accountKey(email));
  }
}

const ipKey = (ip: string) => `login-fail:ip:${ip}`;
const accountKey = (email: string) => `login-fail:account:${email.toLowerCase()}`;
