import type { FastifyInstance } from 'fastify';
import { RedisFailureStore } from './redis-failure-store.js';
import type { FailureStore } from './login-throttle.js';
import { MemoryFailureStore } from './memory-failure-store.js';

/**
 * The counts behind the sign-in throttle and the reset-mail limit: the store given, else counts
 * shared in Redis when the app has it, else counts kept in this process (whose sweep stops when
 * the app closes).
 */
export function openFailureStore(app: FastifyInstance, given?: FailureStore): FailureStore {
  const store = given ?? (app.redis ? new RedisFailureStore(app.redis) : new MemoryFailureStore());
  if (store instanceof MemoryFailureStore) app.addHook('onClose', async () => store.close());
  return store;
}
