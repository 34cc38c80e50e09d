import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle, type FailureStore } from '../src/modules/auth/login-throttle.js';
import { MemoryFailureStore } from '../src/modules/auth/memory-failure-store.js';
import { RedisFailureStore } from '../src/redis/redis-failure-store.js';
import { connectRedis, type SharedRedis } from '../src/redis/redis.js';
import { dropRedisPrefix, TEST_REDIS_URL } from './helpers/shared-pair.js';

type Opened = { store: FailureStore; close(): Promise<void> };

const stores: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'in memory',
    async open() {
      const store = new MemoryFailureStore();
      return { store, close: async () => store.close() };
    },
  },
  ...(TEST_REDIS_URL
    ? [
        {
          name: 'in Redis',
          async open(): Promise<Opened> {
            const prefix = `test-${randomBytes(6).toString('hex')}:`;
            const redis: SharedRedis = await connectRedis({ url: TEST_REDIS_URL!, prefix });
            return {
              store: new RedisFailureStore(redis),
              async close() {
                await redis.close();
                await dropRedisPrefix(TEST_REDIS_URL!, prefix);
              },
            };
          },
        },
      ]
    : []),
];

const LIMITS = { maxFailures: 3, windowSeconds: 60, knownAddressSeconds: 3600 };
const wrong = async () => undefined;
const right = async () => 'signed in';

describe.each(stores)('a sign-in reservation, $name', (kind) => {
  let opened: Opened;
  let throttle: LoginThrottle;
  beforeAll(async () => {
    opened = await kind.open();
    throttle = new LoginThrottle(opened.store, LIMITS);
  });
  afterAll(() => opened.close());

  it('is given back when the check ends in an error rather than a verdict', async () => {
    for (let i = 0; i < 5; i += 1) {
      const failing = throttle.attempt('10.30.0.1', 'errors@example.com', async () => {
        throw new Error('database unreachable');
      });
      await expect(failing).rejects.toThrow('database unreachable');
    }
    for (let i = 0; i < 3; i += 1)
      expect(await throttle.attempt('10.30.0.1', 'errors@example.com', wrong)).toBeUndefined();
    await expect(throttle.attempt('10.30.0.1', 'errors@example.com', right)).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('is given back when the check succeeds, and kept when it fails', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(await throttle.attempt('10.31.0.1', 'mixed@example.com', right)).toBe('signed in');
    for (let i = 0; i < 3; i += 1)
      expect(await throttle.attempt('10.31.0.1', 'mixed@example.com', wrong)).toBeUndefined();
    await expect(throttle.attempt('10.31.0.1', 'mixed@example.com', right)).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('holds the limit while checks are still running', async () => {
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const running = Array.from({ length: 3 }, () =>
      throttle.attempt('10.32.0.1', 'slow@example.com', async () => {
        await slow;
        return undefined;
      }),
    );
    await expect(throttle.attempt('10.32.0.1', 'slow@example.com', right)).rejects.toMatchObject({
      statusCode: 429,
    });
    finish();
    await Promise.all(running);
  });
});
