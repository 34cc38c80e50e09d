import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../../src/app.js';
import { createTestDatabase, testConfig } from './test-app.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** Deletes every key under a prefix, so runs never see each other's counters. */
export async function dropRedisPrefix(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export type SharedPair = { a: App; b: App; prefix: string; close(): Promise<void> };

/**
 * Two app instances on one database and one Redis key prefix, each with its own memory: what
 * one must see of the other can only travel through the database or Redis.
 */
export async function createSharedPair(env: Record<string, string> = {}): Promise<SharedPair> {
  if (!TEST_REDIS_URL) throw new Error('TEST_REDIS_URL is not set');
  const database = await createTestDatabase();
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const config = testConfig(database.dataDir, {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...env,
  });
  const a = await buildApp({ config, db: database.db });
  const b = await buildApp({ config, db: database.db });
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    prefix,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await dropRedisPrefix(TEST_REDIS_URL, prefix);
      await database.drop();
    },
  };
}
