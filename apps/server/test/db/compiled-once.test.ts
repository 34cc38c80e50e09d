import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/db/compiled-once.js';
import { compiledJsonPage, pageColumn } from '../../src/db/paged-list.js';
import { JsonItems } from '../../src/lib/json-items.js';
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

  it('reads a page as the JSON it is sent as, with the total, past the end too', async () => {
    await first.db.kysely
      .insertInto('tools')
      .values({
        name: 'Quote " back\\ slash \u0001 and ünïcode 🎮',
        icon: 'q.png',
        description: 'odd text',
        link: null,
        created_at: '2026-01-02T03:04:05.678Z',
        updated_at: '2026-01-02T03:04:05.678Z',
      })
      .execute();
    // The item's JSON text as a list's stored item would be (migration 0024), written here by
    // each engine's own JSON function from the page's columns.
    const column = pageColumn;
    const item =
      first.db.engine === 'postgres'
        ? sql`json_build_object('id', ${column('id')}, 'name', ${column('name')}, 'link', ${column('link')}, 'linked', ${column('has_link')} = 1, 'tenfold', ${column('id')} * 10)::text`
        : sql`json_object('id', ${column('id')}, 'name', ${column('name')}, 'link', ${column('link')}, 'linked', json(case when ${column('has_link')} = 1 then 'true' else 'false' end), 'tenfold', ${column('id')} * 10)`;
    const toolsPage = compiledJsonPage<[minId: number]>((db, arg) => ({
      rows: db
        .selectFrom('tools')
        .select(['id', 'name', 'link'])
        .select(sql<number>`case when link is null then 0 else 1 end`.as('has_link'))
        .where('id', '>=', arg(0))
        .orderBy('id', 'desc'),
      order: [['id', 'desc']],
      item,
    }));
    const db = first.db;
    const { readNow } = db;
    const readAtOnce: CompiledQuery[] = [];
    if (readNow) {
      db.readNow = (queries, firstColumn) => {
        const rows = readNow(queries, firstColumn);
        if (rows) readAtOnce.push(...queries);
        return rows;
      };
    }
    const read = async (minId: number, limit: number, offset: number) => {
      const { items, total } = await toolsPage(db, [minId], { limit, offset });
      expect(items).toBeInstanceOf(JsonItems);
      return { items: JSON.parse(items.text) as Record<string, unknown>[], total };
    };
    const tool = (id: number, name: string) => ({
      id,
      name,
      link: null,
      linked: false,
      tenfold: id * 10,
    });
    const odd = 'Quote " back\\ slash \u0001 and ünïcode 🎮';
    expect(await read(1, 2, 0)).toEqual({
      items: [tool(5, odd), tool(4, 'delta')],
      total: 5,
    });
    expect(await read(2, 2, 2)).toEqual({ items: [tool(3, 'gamma'), tool(2, 'beta')], total: 4 });
    expect(await read(3, 2, 5)).toEqual({ items: [], total: 3 });
    expect(await read(9, 2, 0)).toEqual({ items: [], total: 0 });

    // Asked while a transaction is open (SQLite then reads nothing at once): answered once it
    // has ended, the same.
    let during: Promise<unknown>[] = [];
    await db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('tools').select('id').limit(1).execute();
      during = [read(2, 2, 2), read(3, 2, 5)];
    });
    expect(await Promise.all(during)).toEqual([
      { items: [tool(3, 'gamma'), tool(2, 'beta')], total: 4 },
      { items: [], total: 3 },
    ]);

    if (!readNow) return;
    db.readNow = readNow;
    // SQLite: each page was read at once, its items and its total, and nothing was sorted: the
    // items come in the order of the page's subquery (an ORDER BY inside the JSON array's
    // aggregate costs a temporary b-tree on every run).
    expect(readAtOnce).toHaveLength(8);
    for (const query of readAtOnce) {
      const plan = await db.kysely.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      expect(plan.rows.map((step) => step.detail).join('; ')).not.toMatch(/TEMP B-TREE/);
    }
  });
});
