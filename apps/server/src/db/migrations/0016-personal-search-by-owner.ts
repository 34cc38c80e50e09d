import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * A search of one user's wallets or links reads that user's matches, not every user's: the
 * trigram indexes of migration 0014 held the search text alone, so a word common in other users'
 * rows cost each user who searched for it a read of all those rows, or (when there were too many)
 * a walk through every row of their own (db/personal-search.ts).
 *
 * PostgreSQL: with btree_gin, the GIN index holds (user_id, search_text) and answers both
 * conditions inside the index, so that only the user's matching rows are read from the table
 * (with the index of 0014, every user's matching rows were); it serves a search of the text
 * alone as well, so it replaces the index of 0014. Where btree_gin or pg_trgm cannot be
 * installed, the index of 0014 stays.
 *
 * SQLite: the FTS5 tables' rowids become (user_id, id) in one integer (searchKey), so that a
 * match restricted to one user's range of rowids reads only that user's entries. The tables are
 * filled again from their lists.
 */
type PersonalList = 'wallets' | 'links';
const LISTS: PersonalList[] = ['wallets', 'links'];

/*
 * The text each personal list's search looks in, lower-cased, as SQL over a row alias:
 * db/personal-search.ts's PERSONAL_SEARCH_TEXT when migration 0014 shipped (and when this one
 * did).
 */
const PERSONAL_SEARCH_TEXT: Record<PersonalList, (row: string, engine: MigrationEngine) => string> =
  {
    wallets: (row, engine) =>
      `lower(${row}.wallet_name || ${newline(engine)} || coalesce(${row}.category, '') || ${newline(engine)} || ${row}.address_prefix || substr(${row}.address, 3))`,
    links: (row, engine) =>
      `lower(${row}.title || ${newline(engine)} || coalesce(${row}.category, ''))`,
  };

const newline = (engine: MigrationEngine) => (engine === 'postgres' ? 'chr(10)' : 'char(10)');

/** An FTS5 rowid, as SQL over the SQL of a user id and an id (personal-search.ts's searchKey then). */
const OWNER_SPAN = 2 ** 32;
const searchKey = (userId: string, id: string) => `(${userId} * ${OWNER_SPAN} + ${id})`;

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  if (engine === 'sqlite') {
    for (const list of LISTS) await keyedByOwner(db, list);
    return;
  }
  const trigram = await extensionSchema(db, 'pg_trgm');
  if (!trigram) return;
  await sql`savepoint btree_gin`.execute(db);
  try {
    await sql`create extension if not exists btree_gin with schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint btree_gin`.execute(db);
    return;
  }
  for (const list of LISTS) {
    await sql`create index ${sql.id(`${list}_owner_search_trgm`)} on ${sql.table(list)} using gin (user_id, search_text ${sql.id(trigram)}.gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop index if exists ${sql.id(`${list}_search_text_trgm`)}`.execute(db);
  }
}

async function extensionSchema(db: Kysely<unknown>, name: string) {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = ${name}`.execute(db);
  return rows[0]?.schema;
}

async function keyedByOwner(db: Kysely<unknown>, list: PersonalList) {
  const text = (row: string) => PERSONAL_SEARCH_TEXT[list](row, 'sqlite');
  const key = (row: string) => searchKey(`${row}.user_id`, `${row}.id`);
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger ${list}_personal_${event}`).execute(db);
  }
  await sql.raw(`drop table ${list}_search`).execute(db);
  await sql
    .raw(
      `create virtual table ${list}_search using fts5(search_text, content='', contentless_delete=1, tokenize='trigram')`,
    )
    .execute(db);
  const counts = {
    insert: `insert into personal_list_counts (user_id, list, row_count) values (new.user_id, '${list}', 1)
         on conflict (user_id, list) do update set row_count = personal_list_counts.row_count + 1;`,
    delete: `update personal_list_counts set row_count = row_count - 1
         where user_id = old.user_id and list = '${list}';`,
  };
  await sql
    .raw(
      `create trigger ${list}_personal_insert after insert on ${list} begin
         ${counts.insert}
         insert into ${list}_search (rowid, search_text) values (${key('new')}, ${text('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_delete after delete on ${list} begin
         ${counts.delete}
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
