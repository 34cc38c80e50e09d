import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../src/db/statement-cache.js';

type Tables = { items: { id: Generated<number>; name: string } };

describe('prepared statements kept for the SQLite driver', () => {
  let kysely: Kysely<Tables> | undefined;
  afterEach(async () => {
    await kysely?.destroy();
    kysely = undefined;
  });

  function open(capacity?: number) {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    kysely = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, capacity) }),
    });
    return { db: kysely, prepare, sqlite };
  }

  it('prepares each SQL text once and answers every run with its own parameters', async () => {
    const { db, prepare } = open();
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    for (const name of ['Pixels', 'Axie', 'Ronin']) {
      await db.insertInto('items').values({ name }).execute();
    }
    const byName = (name: string) =>
      db.selectFrom('items').select('id').where('name', '=', name).executeTakeFirst();

    prepare.mockClear();
    expect(await byName('Axie')).toEqual({ id: 2 });
    expect(await byName('Ronin')).toEqual({ id: 3 });
    expect(await byName('Nobody')).toBeUndefined();
    expect(prepare).toHaveBeenCalledTimes(1);

    // A write through a kept statement reports what it changed, each time.
    const rename = (id: number) =>
      db.updateTable('items').set({ name: 'Renamed' }).where('id', '=', id).executeTakeFirst();
    expect((await rename(1)).numUpdatedRows).toBe(1n);
    expect((await rename(99)).numUpdatedRows).toBe(0n);
  });

  it('keeps no more statements than its capacity, dropping the least recently used', async () => {
    const { db, prepare } = open(2);
    const one = () => sql`select 1 as n`.execute(db);
    const two = () => sql`select 2 as n`.execute(db);
    const three = () => sql`select 3 as n`.execute(db);
    await one();
    await two();
    await one(); // "one" is now the most recent; "two" goes when "three" comes.
    await three();
    prepare.mockClear();
    await one();
    await three();
    expect(prepare).not.toHaveBeenCalled();
    expect((await two()).rows).toEqual([{ n: 2 }]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('sees a table changed after its statement was prepared', async () => {
    const { db } = open();
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    const all = () => sql`select * from items`.execute(db);
    expect((await all()).rows).toEqual([]);
    await sql`alter table items add column score integer not null default 7`.execute(db);
    await db.insertInto('items').values({ name: 'Pixels' }).execute();
    expect((await all()).rows).toEqual([{ id: 1, name: 'Pixels', score: 7 }]);
  });
});
