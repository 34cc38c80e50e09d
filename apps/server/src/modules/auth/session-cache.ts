import type { SessionUser } from './sessions.repository.js';

/** What a write ended: every session of a user (role, generation, deletion) or one token. */
export type SessionEnd = { userId: number } | { jti: string };

/**
 * How ended sessions reach every instance. `announce` resolves once every instance that serves
 * from a cache has dropped what it held (or a bound on the wait has passed); `usable` says
 * whether this instance hears the announcements now (while it does not, it must not answer from
 * memory, as it could miss one).
 */
export interface SessionEndsChannel {
  announce(ends: readonly SessionEnd[]): Promise<void>;
  usable(): boolean;
  close(): Promise<void>;
}

/** What a channel may do to the cache of its instance. */
export type CacheControl = {
  drop(ends: readonly SessionEnd[]): void;
  /** Forget everything: announcements may have been missed. */
  clear(): void;
};

/** One process alone: the cache has dropped what it ended already (SessionCache.ended). */
export class LocalSessionEnds implements SessionEndsChannel {
  async announce() {}

  usable() {
    return true;
  }

  async close() {}
}

type Entry = { found: SessionUser; userId: number; at: number };

export type SessionCacheOptions = { capacity: number; ttlMs: number };

/**
 * What the database said about a token (its user, their role and session generation, whether
 * the token was signed out), kept in memory by token id so that a signed-in request does not
 * read the database again. Every write that ends sessions announces it (see SessionEndsChannel)
 * after it commits, and each instance drops the entries it names at once.
 *
 * A read that began before an announcement is not kept (the `epoch` check): it may have read
 * the database before the write committed. Entries also expire after `ttlMs`, a bound should an
 * announcement ever be lost, and the oldest go first past `capacity`.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOfUser = new Map<number, Set<string>>();
  private epoch = 0;
  private readonly channel: SessionEndsChannel;

  constructor(
    private readonly options: SessionCacheOptions,
    channel?: (control: CacheControl) => SessionEndsChannel,
    private readonly now: () => number = Date.now,
  ) {
    this.channel = channel
      ? channel({ drop: (ends) => this.drop(ends), clear: () => this.clear() })
      : new LocalSessionEnds();
  }

  /**
   * The session a token names, from memory when it may be (answered at once), else from `load`
   * (and then kept).
   */
  lookup(
    userId: number,
    jti: string,
    load: () => Promise<SessionUser | undefined>,
  ): SessionUser | Promise<SessionUser | undefined> {
    return this.known(userId, jti) ?? this.load(userId, jti, this.channel.usable(), load);
  }

  /** The session a token names if memory may answer for it now (as lookup would, at once). */
  known(userId: number, jti: string): SessionUser | undefined {
    if (!this.channel.usable()) return undefined;
    const entry = this.entries.get(jti);
    return entry && entry.userId === userId && this.now() - entry.at < this.options.ttlMs
      ? entry.found
      : undefined;
  }

  private async load(
    userId: number,
    jti: string,
    usable: boolean,
    load: () => Promise<SessionUser | undefined>,
  ): Promise<SessionUser | undefined> {
    const epoch = this.epoch;
    const found = await load();
    // A deleted account is not kept: nothing can bring it back under the same token.
    if (found && usable && epoch === this.epoch && this.channel.usable()) {
      this.keep(jti, userId, found);
    }
    return found;
  }

  /** After a write that ended sessions has committed: dropped here and on every instance. */
  ended(ends: readonly SessionEnd[]) {
    this.drop(ends);
    return this.channel.announce(ends);
  }

  /** Forgets everything (an instance that may have missed announcements). */
  clear() {
    this.epoch += 1;
    this.entries.clear();
    this.tokensOfUser.clear();
  }

  get size() {
    return this.entries.size;
  }

  close() {
    return this.channel.close();
  }

  private drop(ends: readonly SessionEnd[]) {
    this.epoch += 1;
    for (const end of ends) {
      if ('jti' in end) {
        this.forget(end.jti);
        continue;
      }
      for (const jti of this.tokensOfUser.get(end.userId) ?? []) this.entries.delete(jti);
      this.tokensOfUser.delete(end.userId);
    }
  }

  private keep(jti: string, userId: number, found: SessionUser) {
    this.forget(jti);
    if (this.entries.size >= this.options.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(jti, { found, userId, at: this.now() });
    let tokens = this.tokensOfUser.get(userId);
    if (!tokens) this.tokensOfUser.set(userId, (tokens = new Set()));
    tokens.add(jti);
  }

  private forget(jti: string) {
    const entry = this.entries.get(jti);
    if (!entry) return;
    this.entries.delete(jti);
    const tokens = this.tokensOfUser.get(entry.userId);
    tokens?.delete(jti);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.userId);
  }
}
