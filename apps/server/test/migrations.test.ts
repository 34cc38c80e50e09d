import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { decodeBool } from '../src/db/codecs.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-app.js';

describe(`migrations on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('have all run once, and running them again changes nothing', async () => {
    const { db } = database;
    const again = await migrateToLatest(db.kysely as Kysely<unknown>, db.engine, database.schema);
    expect(again).toEqual([]);
    const tables = (await db.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain('users');
  });

  it('read timestamps back as the ISO-8601 text they were written as', async () => {
    const createdAt = '2026-01-02T03:04:05.678Z';
    const row = await database.db.kysely
      .insertInto('users')
      .values({
        username: 'clock',
        username_key: 'clock',
        email: 'clock@example.com',
        password_hash: 'x',
        role: 'user',
        created_at: createdAt,
      })
      .returning(['created_at'])
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBe(createdAt);
    const read = await database.db.kysely
      .selectFrom('users')
      .select(['created_at', (eb) => eb.fn.countAll<number>().over().as('total')])
      .where('email', '=', 'clock@example.com')
      .executeTakeFirstOrThrow();
    expect(read.created_at).toBe(createdAt);
    expect(read.total).toBe(1);
  });

  it('enforce the role check and the unique identities', async () => {
    const insert = (username: string, email: string, role = 'user') =>
      database.db.kysely
        .insertInto('users')
        .values({
          username,
          username_key: username.toLowerCase(),
          email,
          password_hash: 'x',
          role: role as 'user',
          created_at: new Date().toISOString(),
        })
        .execute();
    await insert('Unique1', 'unique1@example.com');
    await expect(insert('unique1', 'other@example.com')).rejects.toThrow();
    await expect(insert('other', 'unique1@example.com')).rejects.toThrow();
    await expect(insert('other2', 'other2@example.com', 'owner')).rejects.toThrow();
  });

  it('decode booleans the same from either engine', () => {
    expect([true, 1, '1'].map(decodeBool)).toEqual([true, true, true]);
    expect([false, 0, '0', null].map(decodeBool)).toEqual([false, false, false, false]);
  });
});
