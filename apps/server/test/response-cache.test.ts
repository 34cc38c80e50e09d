import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseCache } from '../src/lib/response-cache.js';

describe('ResponseCache', () => {
  afterEach(() => vi.useRealTimers());

  it('drops a whole namespace on invalidation and leaves the others', () => {
    const cache = new ResponseCache();
    cache.set('games', 'a', { body: '[1]', total: 1 });
    cache.set('blogs', 'a', { body: '[2]', total: 1 });
    cache.invalidate('games');
    expect(cache.get('games', 'a')).toBeUndefined();
    expect(cache.get('blogs', 'a')?.body).toBe('[2]');
  });

  it('expires entries after the time to live', () => {
    vi.useFakeTimers();
    const cache = new ResponseCache(1000);
    cache.set('games', 'a', { body: '[]', total: 0 });
    vi.advanceTimersByTime(999);
    expect(cache.get('games', 'a')).toBeDefined();
    vi.advanceTimersByTime(2);
    expect(cache.get('games', 'a')).toBeUndefined();
  });

  it('keeps at most the configured number of entries per namespace, oldest out first', () => {
    const cache = new ResponseCache(60_000, 2);
    for (const key of ['a', 'b', 'c']) cache.set('games', key, { body: key, total: 0 });
    expect(cache.get('games', 'a')).toBeUndefined();
    expect(cache.get('games', 'c')?.body).toBe('c');
  });
});
