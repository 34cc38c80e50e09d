import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/db/compiled-once.js';
import { compiledPageWithTotal } from '../../src/db/paged-list.js';
import { createTestDatabase, type TestDatabase } from '../support/test-app.js';

describe('queries compiled once and run with new values', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  async function addTools(t: TestDatabase, names: string[]) {
    for (const name of names) {
      await t.db.kysely
        .insertInto('tools')
        .values({
          name,
          icon: `${name}.png`,
          description: `${name} tool`,
          link: null,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    }
  }

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
    await addTools(first, ['alpha', 'beta', 'gamma', 'delta']);
    await addTools(second, ['omega']);
  });
  afterAll(async () => {
    await first.drop();
    await second.drop();
  });

  it('builds the shape once per database and answers each run with its own values', async () => {
    let builds = 0;
    const named = compiledOnce<[name: string, limit: number], { name: string }>((db, arg) => {
      builds += 1;
      return db
        .selectFrom('tools')
        .select('name')
        .where('name', '=', arg(0))
        .orderBy('id')
        .limit(arg(1));
    });
    const db = first.db.kysely;
    expect(await named(db, ['beta', 10])).toEqual([{ name: 'beta' }]);
    expect(await named(db, ['gamma', 10])).toEqual([{ name: 'gamma' }]);
    expect(await named(db, ['gamma', 0])).toEqual([]);
    expect(await named(db, ['nobody', 10])).toEqual([]);
    expect(builds).toBe(1);

    // Another database has its own compiled query (and its own rows).
    expect(await named(second.db.kysely, ['omega', 10])).toEqual([{ name: 'omega' }]);
    expect(await named(second.db.kysely, ['beta', 10])).toEqual([]);
    expect(builds).toBe(2);
  });

  it('keeps the values the shape fixed, beside the ones it takes', async () => {
    const after = compiledOnce<[id: number], { name: string }>((db, arg) =>
      db
        .selectFrom('tools')
        .select('name')
        .where('id', '>', arg(0))
        .where('name', '<>', 'gamma')
        .orderBy('id'),
    );
    const names = async (id: number) => (await after(first.db.kysely, [id])).map((row) => row.name);
    expect(await names(0)).toEqual(['alpha', 'beta', 'delta']);
    expect(await names(2)).toEqual(['delta']);
  });

  it('refuses a shape that puts an argument into its SQL text instead of its values', async () => {
    const wrong = compiledOnce<[column: string], { name: string }>((db, arg) =>
      db.selectFrom('tools').select(sql<string>`${sql.raw(String(arg(0)))}`.as('name')),
    );
    await expect(wrong(first.db.kysely, ['name'])).rejects.toThrow(/outside its values/);
  });

  it('pages with the total, and counts on its own past the end', async () => {
    const toolsPage = compiledPageWithTotal<[minId: number], { name: string }, { name: string }>(
      (db, arg) => ({
        rows: db.selectFrom('tools').select('name').where('id', '>=', arg(0)).orderBy('id'),
        toItem: (row) => ({ name: row.name }),
      }),
    );
    const db = first.db.kysely;
    expect(await toolsPage(db, [1], { limit: 2, offset: 0 })).toEqual({
      items: [{ name: 'alpha' }, { name: 'beta' }],
      total: 4,
      totalIsLowerBound: false,
    });
    expect(await toolsPage(db, [2], { limit: 2, offset: 2 })).toEqual({
      items: [{ name: 'delta' }],
      total: 3,
      totalIsLowerBound: false,
    });
    expect(await toolsPage(db, [3], { limit: 2, offset: 5 })).toEqual({
      items: [],
      total: 2,
      totalIsLowerBound: false,
    });
    expect(await toolsPage(db, [9], { limit: 2, offset: 0 })).toEqual({
      items: [],
      total: 0,
      totalIsLowerBound: false,
    });
  });
});
