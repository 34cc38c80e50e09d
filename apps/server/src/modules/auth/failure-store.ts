import type { FastifyInstance } from 'fastify';
import { RedisFailureStore } from '../../redis/redis-failure-store.js';
import { LoginThrottle, type FailureStore } from './login-throttle.js';
import { MemoryFailureStore } from './memory-failure-store.js';

/**
 * The sign-in throttle over the store given, else over counts shared in Redis when the app has
 * it, else over counts kept in this process (whose sweep stops when the app closes).
 */
export function openLoginThrottle(app: FastifyInstance, given?: FailureStore): LoginThrottle {
  const store = given ?? (app.redis ? new RedisFailureStore(app.redis) : new MemoryFailureStore());
  if (store instanceof MemoryFailureStore) app.addHook('onClose', async () => store.close());
  return new LoginThrottle(store, app.config.loginThrottle);
}
