import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LocalCacheVersions,
  ResponseCache,
  type CacheVersions,
} from '../../src/http-cache/response-cache.js';

/** A loader that counts its calls and answers a body naming the call. */
function counter(name: string) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    return { body: `${name}${calls.count}`, total: calls.count };
  };
  return { calls, load };
}

describe('ResponseCache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once per key and answers the same body with a stable ETag', async () => {
    const cache = new ResponseCache();
    const games = counter('g');
    const first = await cache.remember('games', 'a', games.load);
    const second = await cache.remember('games', 'a', games.load);
    expect(games.calls.count).toBe(1);
    expect(second).toMatchObject({ body: first.body, total: first.total, etag: first.etag });
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    const other = await cache.remember('games', 'b', games.load);
    expect(other.etag).not.toBe(first.etag);
  });

  it('drops a whole namespace on invalidation and leaves the others', async () => {
    const cache = new ResponseCache();
    const games = counter('g');
    const blogs = counter('b');
    await cache.remember('games', 'a', games.load);
    await cache.remember('blogs', 'a', blogs.load);
    await cache.invalidate('games');
    expect((await cache.remember('games', 'a', games.load)).body).toBe('g2');
    expect((await cache.remember('blogs', 'a', blogs.load)).body).toBe('b1');
  });

  it('does not keep a body loaded before a write that landed during the load', async () => {
    const cache = new ResponseCache();
    let release!: () => void;
    const slow = cache.remember('games', 'a', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: 'before the write', total: 0 };
    });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await cache.invalidate('games');
    release();
    expect((await slow).body).toBe('before the write');
    const after = await cache.remember('games', 'a', async () => ({
      body: 'after the write',
      total: 0,
    }));
    expect(after.body).toBe('after the write');
  });

  it('caches nothing while the generation cannot be read', async () => {
    const unknown: CacheVersions = { current: async () => undefined, bump: async () => {} };
    const cache = new ResponseCache(unknown);
    const games = counter('g');
    await cache.remember('games', 'a', games.load);
    await cache.remember('games', 'a', games.load);
    expect(games.calls.count).toBe(2);
  });

  it('expires entries after the time to live', async () => {
    vi.useFakeTimers();
    const cache = new ResponseCache(new LocalCacheVersions(), 1000);
    const games = counter('g');
    await cache.remember('games', 'a', games.load);
    vi.advanceTimersByTime(999);
    expect((await cache.remember('games', 'a', games.load)).body).toBe('g1');
    vi.advanceTimersByTime(2);
    expect((await cache.remember('games', 'a', games.load)).body).toBe('g2');
  });

  it('keeps at most the configured number of entries per namespace, oldest out first', async () => {
    const cache = new ResponseCache(new LocalCacheVersions(), 60_000, 2);
    const games = counter('g');
    for (const key of ['a', 'b', 'c']) await cache.remember('games', key, games.load);
    expect((await cache.remember('games', 'c', games.load)).body).toBe('g3');
    expect((await cache.remember('games', 'a', games.load)).body).toBe('g4');
  });
});
