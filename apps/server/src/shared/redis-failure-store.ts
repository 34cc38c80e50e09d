import { AppError } from '../lib/app-error.js';
import type { FailureStore } from '../modules/auth/login-throttle.js';
import type { SharedRedis } from './redis.js';

/**
 * Sign-in failures counted in Redis, so the limit holds across every instance. The window starts
 * at the first failure: the key is created with its expiry and only incremented afterwards.
 *
 * When Redis cannot answer, sign-in fails closed with a 503: without the count, a guesser could
 * not be stopped, and a short outage of sign-in is the lesser harm.
 */
export class RedisFailureStore implements FailureStore {
  constructor(private readonly redis: SharedRedis) {}

  count(key: string) {
    return unavailableOnError(async () =>
      Number((await this.redis.client.get(this.redis.key(key))) ?? 0),
    );
  }

  hit(key: string, windowSeconds: number) {
    const name = this.redis.key(key);
    return unavailableOnError(async () => {
      const results = await this.redis.client
        .multi()
        .set(name, 0, 'EX', Math.max(1, Math.ceil(windowSeconds)), 'NX')
        .incr(name)
        .exec();
      const [error, count] = results?.[1] ?? [new Error('transaction aborted'), 0];
      if (error) throw error;
      return Number(count);
    });
  }

  clear(key: string) {
    return unavailableOnError(async () => {
      await this.redis.client.del(this.redis.key(key));
    });
  }
}

async function unavailableOnError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw new AppError(503, 'Sign-in is briefly unavailable. Please try again in a moment.');
  }
}
