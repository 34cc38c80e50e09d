import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * The signed-in lists (wallets, links, income records) for a user with 100,000 rows.
 *
 * Totals: COUNT(*) of a user's rows reads every one of their index entries. Triggers now keep a
 * row count per user and list (`personal_list_counts`), in the same transaction as the write.
 *
 * Search: a user's rows were tested one by one with LIKE. Each list now has its searched text,
 * lower-cased, under a trigram index: on PostgreSQL a stored generated column `search_text` with
 * a GIN pg_trgm index; on SQLite a contentless FTS5 table with the trigram tokenizer
 * (`wallets_search`, `links_search`), kept by triggers. The index narrows a search to candidate
 * rows; the list's own conditions still decide (see db/personal-search.ts).
 *
 * Income records are read newest date first, then newest id: the index now holds both.
 */
type PersonalList = 'wallets' | 'links';

/*
 * The text each personal list's search looks in, lower-cased, as SQL over a row alias:
 * db/personal-search.ts's PERSONAL_SEARCH_TEXT when this migration shipped.
 */
const PERSONAL_SEARCH_TEXT: Record<PersonalList, (row: string, engine: MigrationEngine) => string> =
  {
    wallets: (row, engine) =>
      `lower(${row}.wallet_name || ${newline(engine)} || coalesce(${row}.category, '') || ${newline(engine)} || ${row}.address_prefix || substr(${row}.address, 3))`,
    links: (row, engine) =>
      `lower(${row}.title || ${newline(engine)} || coalesce(${row}.category, ''))`,
  };

const newline = (engine: MigrationEngine) => (engine === 'postgres' ? 'chr(10)' : 'char(10)');
const LISTS: PersonalList[] = ['wallets', 'links'];

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  await db.schema
    .createTable('personal_list_counts')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('list', 'varchar(16)', (col) => col.notNull())
    .addColumn('row_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('personal_list_counts_pk', ['user_id', 'list'])
    .execute();
  for (const list of LISTS) {
    await sql
      .raw(
        `insert into personal_list_counts (user_id, list, row_count)
         select user_id, '${list}', count(*) from ${list} group by user_id`,
      )
      .execute(db);
    if (engine === 'postgres') await postgresList(db, list);
    else await sqliteList(db, list);
  }
  await db.schema
    .createIndex('income_records_owner_date_id_idx')
    .on('income_records')
    .columns(['user_id', 'token', 'date', 'id'])
    .execute();
  await db.schema.dropIndex('income_records_owner_idx').execute();
}

const countChange = (list: PersonalList, row: string, delta: 1 | -1) =>
  delta === 1
    ? `insert into personal_list_counts (user_id, list, row_count) values (${row}.user_id, '${list}', 1)
         on conflict (user_id, list) do update set row_count = personal_list_counts.row_count + 1;`
    : `update personal_list_counts set row_count = row_count - 1
         where user_id = ${row}.user_id and list = '${list}';`;

async function sqliteList(db: Kysely<unknown>, list: PersonalList) {
  const text = (row: string) => PERSONAL_SEARCH_TEXT[list](row, 'sqlite');
  await sql
    .raw(
      `create virtual table ${list}_search using fts5(search_text, content='', contentless_delete=1, tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_insert after insert on ${list} begin
         ${countChange(list, 'new', 1)}
         insert into ${list}_search (rowid, search_text) values (new.id, ${text('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_delete after delete on ${list} begin
         ${countChange(list, 'old', -1)}
         delete from ${list}_search where rowid = old.id;
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${list}_personal_update after update on ${list} begin
         delete from ${list}_search where rowid = old.id;
         insert into ${list}_search (rowid, search_text) values (new.id, ${text('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(`insert into ${list}_search (rowid, search_text) select id, ${text(list)} from ${list}`)
    .execute(db);
}

async function postgresList(db: Kysely<unknown>, list: PersonalList) {
  await sql
    .raw(
      `create function ${list}_personal_count() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           ${countChange(list, 'new', 1)}
         else
           ${countChange(list, 'old', -1)}
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  for (const event of ['insert', 'delete']) {
    await sql
      .raw(
        `create trigger ${list}_personal_${event} after ${event} on ${list}
         for each row execute function ${list}_personal_count()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `alter table ${list} add column search_text text generated always as (${PERSONAL_SEARCH_TEXT[list](list, 'postgres')}) stored`,
    )
    .execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trigramSchema = rows[0]?.schema;
  // Without pg_trgm (migration 0003 could not install it) a search still works, by scanning.
  if (!trigramSchema) return;
  await sql`create index ${sql.id(`${list}_search_text_trgm`)} on ${sql.table(list)} using gin (search_text ${sql.id(trigramSchema)}.gin_trgm_ops)`.execute(
    db,
  );
}
