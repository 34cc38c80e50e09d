import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { CachedSource, type LastGoodStore } from '../../src/gateway/cached-source.js';
import type { Database } from '../../src/db/schema.js';

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
/** The sources below keep their value in their own store, never in the database. */
const noDatabase = undefined as unknown as Kysely<Database>;

/** A store whose read, like a database read racing the check, returns only after the write. */
function storeReadAfterWrite<T>() {
  let kept: { value: T; asOf: string } | undefined;
  let written!: () => void;
  const write = new Promise<void>((resolve) => (written = resolve));
  const store: LastGoodStore<T> = {
    read: async () => {
      await write;
      return kept;
    },
    write: async (value, asOf) => {
      kept = { value, asOf };
      written();
    },
  };
  return store;
}

describe('a source never read before', () => {
  it('answers its first value only once the day’s value is kept, even when the store already has it', async () => {
    const events: string[] = [];
    const source = new CachedSource<number>(
      {
        name: 'fx',
        ttlMs: 60_000,
        fallback: 0,
        store: storeReadAfterWrite<number>(),
        load: async () => 16_000,
        onFresh: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          events.push('day value kept');
        },
      },
      noDatabase,
      quiet,
    );

    const first = await source.get();
    events.push('answered');

    expect(first).toMatchObject({ value: 16_000, stale: false });
    expect(events).toEqual(['day value kept', 'answered']);
  });
});
