import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../../src/modules/auth/session-cache.js';
import type { SessionUser } from '../../../src/modules/auth/sessions.repository.js';

const user = (id: number, sessionGeneration = 0): SessionUser => ({
  id,
  username: `user-${id}`,
  email: `user-${id}@example.com`,
  role: 'user',
  sessionGeneration,
  revoked: false,
});

/** A load that counts its calls and answers what `current` holds at the time. */
function source(initial: SessionUser) {
  const state = { current: initial, reads: 0 };
  const load = async () => {
    state.reads += 1;
    return state.current;
  };
  return { state, load };
}

describe('the session cache', () => {
  it('reads a token once, and again after a write ended its sessions', async () => {
    const cache = new SessionCache({ capacity: 10, ttlMs: 60_000 });
    const { state, load } = source(user(1));
    await cache.lookup(1, 'a', load);
    await cache.lookup(1, 'a', load);
    expect(state.reads).toBe(1);
    state.current = user(1, 1);
    await cache.ended([{ userId: 1 }]);
    expect(await cache.lookup(1, 'a', load)).toMatchObject({ sessionGeneration: 1 });
    expect(state.reads).toBe(2);
  });

  it('drops one signed-out token and keeps the user’s other sessions', async () => {
    const cache = new SessionCache({ capacity: 10, ttlMs: 60_000 });
    const { state, load } = source(user(1));
    await cache.lookup(1, 'laptop', load);
    await cache.lookup(1, 'phone', load);
    await cache.ended([{ jti: 'laptop' }]);
    await cache.lookup(1, 'phone', load);
    expect(state.reads).toBe(2);
    await cache.lookup(1, 'laptop', load);
    expect(state.reads).toBe(3);
  });

  it('does not keep a read that was under way when a write ended the session', async () => {
    const cache = new SessionCache({ capacity: 10, ttlMs: 60_000 });
    let release: (found: SessionUser) => void = () => {};
    // The read saw the database before the write committed...
    const slow = cache.lookup(1, 'a', () => new Promise((resolve) => (release = resolve)));
    // ...and the write's announcement came before the read's answer.
    await cache.ended([{ userId: 1 }]);
    release(user(1, 0));
    expect(await slow).toMatchObject({ sessionGeneration: 0 });
    const { state, load } = source(user(1, 1));
    expect(await cache.lookup(1, 'a', load)).toMatchObject({ sessionGeneration: 1 });
    expect(state.reads).toBe(1);
  });

  it('reads again once an entry is older than its time to live', async () => {
    let now = 0;
    const cache = new SessionCache({ capacity: 10, ttlMs: 1_000 }, undefined, () => now);
    const { state, load } = source(user(1));
    await cache.lookup(1, 'a', load);
    now = 999;
    await cache.lookup(1, 'a', load);
    expect(state.reads).toBe(1);
    now = 1_000;
    await cache.lookup(1, 'a', load);
    expect(state.reads).toBe(2);
  });

  it('holds at most its capacity, the oldest going first, and never answers for another user', async () => {
    const cache = new SessionCache({ capacity: 2, ttlMs: 60_000 });
    const { state, load } = source(user(1));
    await cache.lookup(1, 'a', load);
    await cache.lookup(1, 'b', load);
    await cache.lookup(1, 'c', load);
    expect(cache.size).toBe(2);
    await cache.lookup(1, 'a', load);
    expect(state.reads).toBe(4);
    // A token id that claims another user is read from the database, not answered from memory.
    await cache.lookup(2, 'c', load);
    expect(state.reads).toBe(5);
  });
});
