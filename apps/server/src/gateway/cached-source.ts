import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';

export type SourceValue<T> = { value: T; asOf: string | null; stale: boolean };

export type SourceOptions<T> = {
  name: string;
  ttlMs: number;
  load: () => Promise<T>;
  /** What to answer when there has never been a good value (SPEC 8's fallbacks). */
  fallback: T;
};

/**
 * One third-party figure, shared by every request: cached for its TTL, fetched by one call at a
 * time however many requests arrive, and never fetched again before the TTL has passed, even
 * after a failure. When the upstream fails, the last good value (kept in the database, so it
 * survives restarts and serves every instance) is answered as stale; with none, the fallback.
 */
export class CachedSource<T> {
  private current: { value: T; asOf: string } | undefined;
  private lastAttempt = 0;
  private lastFailed = false;
  private inFlight: Promise<void> | undefined;
  /** Upstream calls made, for the one-call-per-TTL promise to be measured. */
  calls = 0;

  constructor(
    private readonly options: SourceOptions<T>,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(now = Date.now()): Promise<SourceValue<T>> {
    if (now - this.lastAttempt >= this.options.ttlMs) {
      this.inFlight ??= this.refresh(now).finally(() => {
        this.inFlight = undefined;
      });
      await this.inFlight;
    } else if (this.inFlight) {
      await this.inFlight;
    }
    if (!this.current) this.current = await this.readSnapshot();
    if (!this.current) return { value: this.options.fallback, asOf: null, stale: true };
    return { value: this.current.value, asOf: this.current.asOf, stale: this.lastFailed };
  }

  private async refresh(now: number) {
    this.lastAttempt = now;
    this.calls += 1;
    try {
      const value = await this.options.load();
      this.current = { value, asOf: new Date().toISOString() };
      this.lastFailed = false;
      await this.writeSnapshot(this.current).catch((error: unknown) =>
        this.log.warn(
          { err: error, source: this.options.name },
          'could not keep the last good value',
        ),
      );
    } catch (error) {
      this.lastFailed = true;
      this.log.warn(
        { source: this.options.name, reason: (error as Error).message },
        'upstream failed',
      );
    }
  }

  private async readSnapshot() {
    const row = await this.db
      .selectFrom('gateway_snapshots')
      .select(['payload', 'as_of'])
      .where('source', '=', this.options.name)
      .executeTakeFirst();
    return row ? { value: JSON.parse(row.payload) as T, asOf: row.as_of } : undefined;
  }

  private async writeSnapshot(snapshot: { value: T; asOf: string }) {
    await this.db
      .insertInto('gateway_snapshots')
      .values({
        source: this.options.name,
        payload: JSON.stringify(snapshot.value),
        as_of: snapshot.asOf,
      })
      .onConflict((oc) =>
        oc
          .column('source')
          .doUpdateSet({ payload: JSON.stringify(snapshot.value), as_of: snapshot.asOf }),
      )
      .execute();
  }
}
