import { AppError } from '../../lib/app-error.js';
import type { FailureStore } from './login-throttle.js';
import type { SharedRedis } from '../../redis/redis.js';

// One script checks every counter and then adds to all of them, so no other instance can take a
// place in between. The expiry is set only on a counter that has none, so the window keeps
// starting at the first count.
const RESERVE = `
local limit = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= limit then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[2]) end
end
return 1`;

// A counter that expired meanwhile is not brought back (it would have no expiry, or go negative).
const RELEASE = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/**
 * Sign-in counts in Redis, so the limits hold across every instance.
 *
 * When Redis cannot answer, sign-in fails closed with a 503: without the count, a guesser could
 * not be stopped, and a short outage of sign-in is the lesser harm.
 */
export class RedisFailureStore implements FailureStore {
  constructor(private readonly redis: SharedRedis) {}

  reserve(keys: string[], limit: number, windowSeconds: number) {
    const names = keys.map((key) => this.redis.key(key));
    const seconds = Math.max(1, Math.ceil(windowSeconds));
    return unavailableOnError(
      async () =>
        (await this.redis.client.eval(RESERVE, names.length, ...names, limit, seconds)) === 1,
    );
  }

  release(keys: string[]) {
    const names = keys.map((key) => this.redis.key(key));
    return unavailableOnError(async () => {
      await this.redis.client.eval(RELEASE, names.length, ...names);
    });
  }

  remember(key: string, seconds: number) {
    return unavailableOnError(async () => {
      await this.redis.client.set(this.redis.key(key), 1, 'EX', Math.max(1, Math.ceil(seconds)));
    });
  }

  isRemembered(key: string) {
    return unavailableOnError(
      async () => (await this.redis.client.exists(this.redis.key(key))) === 1,
    );
  }

  forget(keys: string[], prefixes: string[]) {
    return unavailableOnError(async () => {
      const { client } = this.redis;
      if (keys.length > 0) await client.del(...keys.map((key) => this.redis.key(key)));
      for (const prefix of prefixes) {
        const match = `${globEscape(this.redis.key(prefix))}*`;
        let cursor = '0';
        do {
          const [next, found] = await client.scan(cursor, 'MATCH', match, 'COUNT', 1000);
          if (found.length > 0) await client.del(...found);
          cursor = next;
        } while (cursor !== '0');
      }
    });
  }
}

/** A literal for a SCAN pattern: an email may hold characters the pattern treats as wildcards. */
function globEscape(text: string) {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

async function unavailableOnError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw new AppError(503, 'Sign-in is briefly unavailable. Please try again in a moment.');
  }
}
