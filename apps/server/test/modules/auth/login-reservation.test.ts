import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle, type FailureStore } from '../../../src/modules/auth/login-throttle.js';
import { MemoryFailureStore } from '../../../src/modules/auth/memory-failure-store.js';
import { RedisFailureStore } from '../../../src/modules/auth/redis-failure-store.js';
import { connectRedis, type SharedRedis } from '../../../src/redis/redis.js';
import { dropRedisPrefix, TEST_REDIS_URL } from '../../support/shared-pair.js';

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

  it('forgets one account entirely, wildcard characters in its email included, and no other', async () => {
    // Unescaped, the first email read as a pattern would match the second.
    const accounts = [
      { email: '[o]*?@example.com', known: '10.33.0.1' },
      { email: 'ox@example.com', known: '10.33.0.2' },
    ];
    for (const { email, known } of accounts) {
      expect(await throttle.attempt(known, email, right)).toBe('signed in');
      for (let i = 0; i < 3; i += 1)
        expect(await throttle.attempt(`10.33.1.${i}`, email, wrong)).toBeUndefined();
      // Three failures from strangers: the account refuses the next stranger.
      await expect(throttle.attempt('10.33.2.1', email, right)).rejects.toMatchObject({
        statusCode: 429,
      });
    }
    const [odd, other] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];

    await throttle.forgetAccount(odd.email.toUpperCase());

    // The count is gone, and so is the known address: its failures count for the account again.
    expect(await throttle.attempt('10.33.2.2', odd.email, right)).toBe('signed in');
    for (let i = 0; i < 3; i += 1)
      expect(await throttle.attempt(odd.known, odd.email, wrong)).toBeUndefined();
    await expect(throttle.attempt('10.33.2.3', odd.email, right)).rejects.toMatchObject({
      statusCode: 429,
    });
    // The other account keeps its count and its known address.
    await expect(throttle.attempt('10.33.2.4', other.email, right)).rejects.toMatchObject({
      statusCode: 429,
    });
    expect(await throttle.attempt(other.known, other.email, right)).toBe('signed in');
  });
});
