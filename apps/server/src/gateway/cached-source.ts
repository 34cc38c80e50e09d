import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';
import { readSnapshot, writeSnapshot } from './snapshots.repository.js';

export type SourceValue<T> = {
  value: T;
  asOf: string | null;
  stale: boolean;
  /** Stale only because a check of a value past its TTL is running (not after a failure). */
  checking?: boolean;
};

/** A value with the time its upstream says it was last updated, which is then its "as of". */
export class Dated<T> {
  constructor(
    readonly value: T,
    readonly asOf: string,
  ) {}
}

export type SourceOptions<T> = {
  name: string;
  ttlMs: number;
  /** The value; Dated when the upstream says when it was updated, else it is as of its fetch. */
  load: () => Promise<T | Dated<T>>;
  /** What to answer when there has never been a good value (SPEC 8's fallbacks). */
  fallback: T;
  /** How long an instance with nothing to answer waits for another's call (the upstream timeout). */
  peerWaitMs?: number;
  /** Told of each good value this instance obtains from the upstream and when (to keep it by day). */
  onFresh?: (value: T, fetchedAt: string) => Promise<void>;
  /** Where the last good value is kept; without one, gateway_snapshots under `name`. */
  store?: LastGoodStore<T>;
  /**
   * Whether a value may be known out of date before its TTL (markDue): then each get() first asks
   * the coordinator, when there is one, since when it is due (see RefreshCoordinator.dueSince).
   */
  dueMarks?: boolean;
};

/** Keeps a source's last good value where every instance and a restart find it. */
export interface LastGoodStore<T> {
  read(): Promise<{ value: T; asOf: string } | undefined>;
  write(value: T, asOf: string): Promise<void>;
}

/** A source's latest outcome as every instance sees it. */
export type SharedSourceState<T> = { value: T; asOf: string; failed: boolean };

/**
 * Lets several instances keep the one-upstream-call-per-TTL promise together: one of them wins
 * the right to call for a TTL window and publishes what it got; the others read that.
 */
export interface RefreshCoordinator {
  claim(source: string, ttlMs: number): Promise<{ won: true } | { won: false; retryInMs: number }>;
  publish<T>(source: string, state: SharedSourceState<T>): Promise<void>;
  read<T>(source: string): Promise<SharedSourceState<T> | undefined>;
  /**
   * Tells every instance that the source's values obtained before `since` (ms since the epoch)
   * are out of date, and opens its TTL window, so that the next get() anywhere checks at once.
   */
  markDue(sources: readonly string[], since: number): Promise<void>;
  /** Since when the source is due (its latest markDue), if it was ever marked. */
  dueSince(source: string): Promise<number | undefined>;
}

/** How soon an instance that lost the claim looks for the winner's answer. */
const SHARED_POLL_MS = 1_000;
/** How often an instance with nothing to answer looks while another's call is in flight. */
const PEER_POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One third-party figure, shared by every request: cached for its TTL, fetched by one call at a
 * time however many requests arrive, and never fetched again before the TTL has passed, even
 * after a failure. Past the TTL the last good value is answered at once, marked stale, while the
 * check runs in the background (stale-while-revalidate). When the upstream fails, the last good
 * value (kept in the database, so it survives restarts and serves every instance) is answered as
 * stale; with none, the fallback.
 * With a coordinator, the TTL and the outcome are shared by every instance.
 */
export class CachedSource<T> {
  private current: { value: T; asOf: string } | undefined;
  private nextCheck = 0;
  private lastFailed = false;
  private inFlight: Promise<void> | undefined;
  /** Whether the next check is due because the value's TTL ran out (not a look at a peer's). */
  private expiresAtNextCheck = true;
  /** A check of a value past its TTL is running: the value may be replaced at any moment. */
  private revalidating = false;
  private recalling: Promise<boolean> | undefined;
  /** Values obtained before this time (ms since the epoch) are out of date (markDue). */
  private dueSince = 0;
  /** Upstream calls made by this instance, for the one-call-per-TTL promise to be measured. */
  calls = 0;

  constructor(
    private readonly options: SourceOptions<T>,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly coordinator?: RefreshCoordinator,
  ) {}

  /**
   * The upstream's value changed at `since` (ms since the epoch; a wallet's balances after a
   * transfer): a value obtained before then is due for a check at once, TTL or not, and get()
   * waits for that check (bounded by the upstream timeout) instead of answering it; while it
   * cannot be replaced (the upstream fails) it is answered as stale. With a coordinator, the
   * caller tells the other instances (RefreshCoordinator.markDue), which learn it on their next
   * get().
   */
  markDue(since: number) {
    if (since <= this.dueSince) return;
    this.dueSince = since;
    if (!this.current || this.outdated()) this.nextCheck = 0;
  }

  /** Whether the value in memory was obtained before the source was last marked due. */
  private outdated() {
    return this.current !== undefined && Date.parse(this.current.asOf) < this.dueSince;
  }

  /** The due time other instances marked, when the source takes marks and has a coordinator. */
  private async learnDue() {
    if (!this.options.dueMarks || !this.coordinator) return;
    try {
      const since = await this.coordinator.dueSince(this.options.name);
      if (since !== undefined) this.markDue(since);
    } catch (error) {
      // Redis unreadable: what this instance knows stands (it is the TTL's value at worst).
      this.log.warn({ err: error, source: this.options.name }, 'due mark unreadable');
    }
  }

  /**
   * The value at once, when it is in memory and not due for a check: what get() would answer
   * without waiting on anything. undefined otherwise; then ask get().
   */
  peek(now = Date.now()): SourceValue<T> | undefined {
    if (now >= this.nextCheck || this.inFlight || !this.current) return undefined;
    return this.answer(this.current);
  }

  /**
   * Until when (ms since the epoch) get() answers what it answered in `read` without a check:
   * the next check's time while the value in memory is still the one `read` holds, else 0 (a
   * check in flight, or a newer value since). An answer built from `read` is good until then.
   */
  unchangedUntil(read: SourceValue<T>): number {
    if (this.inFlight) return 0;
    const { current } = this;
    const same = current
      ? current.value === read.value && current.asOf === read.asOf && this.lastFailed === read.stale
      : read.asOf === null;
    return same ? this.nextCheck : 0;
  }

  /**
   * What get() would answer, without waiting for the upstream: the value in memory, else the last
   * one kept in the database. When a check is due, it starts in the background.
   */
  async latest(now = Date.now()): Promise<SourceValue<T>> {
    if (now >= this.nextCheck) this.check(now);
    await this.recall();
    return this.current ? this.answer(this.current) : this.fallback();
  }

  /**
   * The value, stale-while-revalidate: when a check is due it runs in the background and the last
   * good value (in memory, else kept in the store) is answered at once, marked stale until the
   * check is done. Only a source that has never had a value waits for the check, which the
   * upstream timeout bounds.
   */
  async get(now = Date.now()): Promise<SourceValue<T>> {
    await this.learnDue();
    if (now >= this.nextCheck) this.check(now);
    const checking = this.inFlight;
    // Nothing in memory or in the store: this value was never read, so the check is waited for
    // (all of it, the day's value kept too), not only until its answer is in memory. The same
    // for a value known to be out of date (markDue).
    if (checking && (!(await this.recall()) || this.outdated())) await checking;
    if (!this.current) await this.recall();
    return this.current ? this.answer(this.current) : this.fallback();
  }

  /** Starts the due check unless one is running; its failures are logged, never thrown. */
  private check(now: number) {
    if (this.inFlight) return;
    this.revalidating = this.expiresAtNextCheck;
    const running = this.sync(now)
      .catch((error: unknown) =>
        this.log.warn({ err: error, source: this.options.name }, 'background refresh failed'),
      )
      .finally(() => {
        if (this.inFlight !== running) return;
        this.inFlight = undefined;
        this.revalidating = false;
      });
    this.inFlight = running;
  }

  /**
   * The last good value into memory from the store, unless a value is there already; concurrent
   * requests share one read. Whether there is a value now.
   */
  private recall(): Promise<boolean> {
    if (this.current) return Promise.resolve(true);
    this.recalling ??= this.readSnapshot()
      .then((kept) => {
        if (kept && !this.current) {
          this.current = kept;
          // Kept within its TTL (by another instance, or before a restart): not stale while this
          // instance's first check runs.
          if (Date.now() - Date.parse(kept.asOf) < this.options.ttlMs) this.revalidating = false;
        }
        return kept !== undefined;
      })
      .finally(() => {
        this.recalling = undefined;
      });
    return this.recalling;
  }

  private answer(current: { value: T; asOf: string }): SourceValue<T> {
    const pending = this.revalidating || this.outdated();
    const stale = this.lastFailed || pending;
    const checking = pending && !this.lastFailed;
    return { value: current.value, asOf: current.asOf, stale, ...(checking ? { checking } : {}) };
  }

  private fallback(): SourceValue<T> {
    return { value: this.options.fallback, asOf: null, stale: true };
  }

  private async sync(now: number) {
    const { name, ttlMs } = this.options;
    this.expiresAtNextCheck = true;
    if (!this.coordinator) {
      this.nextCheck = now + ttlMs;
      return this.refresh();
    }
    let claim: Awaited<ReturnType<RefreshCoordinator['claim']>>;
    try {
      claim = await this.coordinator.claim(name, ttlMs);
    } catch (error) {
      // Without the shared state this instance keeps its own TTL rather than stop answering.
      this.log.warn({ err: error, source: name }, 'refresh claim failed; refreshing locally');
      claim = { won: true };
    }
    if (claim.won) {
      this.nextCheck = now + ttlMs;
      await this.refresh();
      await this.recall();
      if (this.current) await this.share({ ...this.current, failed: this.lastFailed });
      return;
    }
    this.nextCheck = now + Math.max(1, Math.min(claim.retryInMs, SHARED_POLL_MS));
    this.expiresAtNextCheck = claim.retryInMs <= SHARED_POLL_MS;
    try {
      let shared = await this.coordinator.read<T>(name);
      // Nothing to answer yet, or only a value out of date that no call has failed to replace:
      // the winner's call is likely in flight, so wait for it rather than answer the fallback
      // (or the old value), but never longer than the call itself may take.
      const answerable = (state: SharedSourceState<T> | undefined) =>
        state
          ? state.failed || Date.parse(state.asOf) >= this.dueSince
          : this.current !== undefined && !this.outdated();
      const waitUntil = Date.now() + (this.options.peerWaitMs ?? 0);
      while (!answerable(shared) && Date.now() < waitUntil) {
        await sleep(PEER_POLL_MS);
        shared = await this.coordinator.read<T>(name);
      }
      if (shared) {
        this.current = { value: shared.value, asOf: shared.asOf };
        this.lastFailed = shared.failed;
      }
    } catch (error) {
      this.log.warn(
        { err: error, source: name },
        'shared value unreadable; answering the last one',
      );
    }
  }

  private async share(state: SharedSourceState<T>) {
    try {
      await this.coordinator?.publish(this.options.name, state);
    } catch (error) {
      this.log.warn({ err: error, source: this.options.name }, 'could not share the new value');
    }
  }

  private async refresh() {
    this.calls += 1;
    try {
      const loaded = await this.options.load();
      const fetchedAt = new Date().toISOString();
      const value = loaded instanceof Dated ? loaded.value : loaded;
      const fresh = { value, asOf: loaded instanceof Dated ? loaded.asOf : fetchedAt };
      // Kept before it is answered: whoever finds the new value, in memory or in the store, finds
      // the day's value kept too (a first read waits for neither otherwise, once the store has it).
      await this.options
        .onFresh?.(value, fetchedAt)
        .catch((error: unknown) =>
          this.log.warn({ err: error, source: this.options.name }, 'could not keep the day value'),
        );
      await this.writeSnapshot(fresh).catch((error: unknown) =>
        this.log.warn(
          { err: error, source: this.options.name },
          'could not keep the last good value',
        ),
      );
      this.current = fresh;
      this.lastFailed = false;
      // The value is the new one from here on.
      this.revalidating = false;
    } catch (error) {
      this.lastFailed = true;
      this.log.warn(
        { source: this.options.name, reason: (error as Error).message },
        'upstream failed',
      );
    }
  }

  private async readSnapshot() {
    if (this.options.store) return this.options.store.read();
    const row = await readSnapshot(this.db, this.options.name);
    return row ? { value: JSON.parse(row.payload) as T, asOf: row.as_of } : undefined;
  }

  private async writeSnapshot(snapshot: { value: T; asOf: string }) {
    if (this.options.store) return this.options.store.write(snapshot.value, snapshot.asOf);
    await writeSnapshot(this.db, this.options.name, JSON.stringify(snapshot.value), snapshot.asOf);
  }
}
