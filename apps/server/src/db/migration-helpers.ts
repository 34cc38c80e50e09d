import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from './schema.js';
import { PERSONAL_SEARCH_TEXT, type PersonalList } from './personal-search.js';

/** An auto-incrementing integer primary key named id, spelled the way each engine wants it. */
export function addIdColumn<T extends string>(table: CreateTableBuilder<T>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** PostgreSQL: the schema an installed extension lives in, or undefined when it is not installed. */
export async function extensionSchema(db: Kysely<unknown>, name: string) {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = ${name}`.execute(db);
  return rows[0]?.schema;
}

/**
 * The statement a trigger runs to keep a user's row count of a personal list
 * (`personal_list_counts`, migration 0014) as `row` (new or old) is inserted or deleted.
 */
export const personalCountChange = (list: string, row: string, delta: 1 | -1) =>
  delta === 1
    ? `insert into personal_list_counts (user_id, list, row_count) values (${row}.user_id, '${list}', 1)
         on conflict (user_id, list) do update set row_count = personal_list_counts.row_count + 1;`
    : `update personal_list_counts set row_count = row_count - 1
         where user_id = ${row}.user_id and list = '${list}';`;

/**
 * SQLite: a personal list's FTS5 search table and the triggers that keep it and the list's row
 * counts in step with the list, then filled from the list. `key` gives a row's rowid in the
 * table as SQL over the row's alias (`new`, `old` or the list's name).
 */
export async function createPersonalSearchTable(
  db: Kysely<unknown>,
  list: PersonalList,
  key: (row: string) => string,
) {
  const text = (row: string) => PERSONAL_SEARCH_TEXT[list](row, 'sqlite');
  await sql
    .raw(
      `create virtual table ${list}_search using fts5(search_text, content='', contentless_delete=1, tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_insert after insert on ${list} begin
         ${personalCountChange(list, 'new', 1)}
         insert into ${list}_search (rowid, search_text) values (${key('new')}, ${text('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_delete after delete on ${list} begin
         ${personalCountChange(list, 'old', -1)}
         delete from ${list}_search where rowid = ${key('old')};
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_update after update on ${list} begin
         delete from ${list}_search where rowid = ${key('old')};
         insert into ${list}_search (rowid, search_text) values (${key('new')}, ${text('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ${list}_search (rowid, search_text) select ${key(list)}, ${text(list)} from ${list}`,
    )
    .execute(db);
}
