import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { decodeBool } from '../../../src/db/codecs.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/db/migrate.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-app.js';

const M0011 = MIGRATION_NAMES.find((name) => name.startsWith('0011-'))!;

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

describe(`migration 0011 on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({
      upTo: MIGRATION_NAMES[MIGRATION_NAMES.indexOf(M0011) - 1],
    });
  });
  afterAll(() => database.drop());

  it('tells the descriptions the old code derived from written ones, and derives those again', async () => {
    const { kysely } = database.db;
    const now = new Date().toISOString();
    const post = (title: string, content: string, description: string | null) => ({
      title,
      content,
      description,
      image: null,
      author: 'Ayu',
      date: '2025-01-01',
      created_at: now,
      updated_at: now,
    });
    const long = `<p>${'word '.repeat(60)}</p><p>tail</p>`;
    await (kysely as Kysely<unknown> as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('blogs')
      .values([
        // What the old code stored: blocks run together.
        post('Old', '<h1>Big</h1>Small<p>Tom &amp; Jerry</p>', 'Big SmallTom &amp; Jerry'),
        post('Long', long, `${'word '.repeat(40).trim()}…`),
        post('Written', '<p>Body.</p>', 'A summary of my own.'),
        post('Empty', '', null),
      ])
      .execute();

    await migrateToLatest(kysely as Kysely<unknown>, database.db.engine, database.schema);

    const rows = await kysely
      .selectFrom('blogs')
      .select(['title', 'description', 'description_derived'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => ({ ...row, description_derived: decodeBool(row.description_derived) })),
    ).toEqual([
      { title: 'Old', description: 'Big Small Tom &amp; Jerry', description_derived: true },
      { title: 'Long', description: `${'word '.repeat(40).trim()}…`, description_derived: true },
      { title: 'Written', description: 'A summary of my own.', description_derived: false },
      { title: 'Empty', description: null, description_derived: true },
    ]);
  });
});
