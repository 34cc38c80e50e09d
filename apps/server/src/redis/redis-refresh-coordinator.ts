import type { RefreshCoordinator, SharedSourceState } from '../gateway/cached-source.js';
import type { SharedRedis } from './redis.js';

/**
 * How long a source's shared outcome outlives its last publication: a week past the longest TTL,
 * so that the balances of an address no one tracks any more do not stay in Redis for good.
 */
const STATE_KEEP_MS = 7 * 86_400_000;

/**
 * The gateway's TTL windows in Redis: the instance whose SET NX lands first calls the upstream
 * for that window; the lock expires with the TTL, so the next window is open to all again.
 */
export class RedisRefreshCoordinator implements RefreshCoordinator {
  constructor(private readonly redis: SharedRedis) {}

  async claim(source: string, ttlMs: number) {
    const lock = this.redis.key(`gateway:${source}:window`);
    const won = await this.redis.client.set(lock, String(process.pid), 'PX', ttlMs, 'NX');
    if (won === 'OK') return { won: true as const };
    const remaining = await this.redis.client.pttl(lock);
    return { won: false as const, retryInMs: remaining > 0 ? remaining : 0 };
  }

  async publish<T>(source: string, state: SharedSourceState<T>) {
    await this.redis.client.set(
      this.redis.key(`gateway:${source}:state`),
      JSON.stringify(state),
      'PX',
      STATE_KEEP_MS,
    );
  }

  async read<T>(source: string) {
    const raw = await this.redis.client.get(this.redis.key(`gateway:${source}:state`));
    return raw ? (JSON.parse(raw) as SharedSourceState<T>) : undefined;
  }

  /**
   * The due time where every instance reads it before answering, kept as long as a shared
   * outcome; the window's lock dropped, so the next claim is won at once.
   */
  async markDue(sources: readonly string[], since: number) {
    const multi = this.redis.client.multi();
    for (const source of sources) {
      multi.set(this.redis.key(`gateway:${source}:due`), String(since), 'PX', STATE_KEEP_MS);
      multi.del(this.redis.key(`gateway:${source}:window`));
    }
    await multi.exec();
  }

  async dueSince(source: string) {
    const raw = await this.redis.client.get(this.redis.key(`gateway:${source}:due`));
    return raw === null ? undefined : Number(raw);
  }
}
