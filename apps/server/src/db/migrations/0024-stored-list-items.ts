import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

/*
 * Each row of the lists a user pages through most (wallets, links, income records) keeps the
 * JSON object the API sends for it, in `item_json`: a first page is then read as stored text,
 * where the database used to write every item's JSON again on every read (the larger half of a
 * page's statement, bench/RESULTS.md 1b'). The database keeps it, for every writer alike:
 *
 * - SQLite: a trigger after each insert, and after each update of a column the item shows,
 *   writes it (SQLite's triggers cannot change the row being written). The triggers that were
 *   run after any update of these tables now name the columns they follow, all but item_json,
 *   so writing it does not bump the list's version or index the row's search text again.
 * - PostgreSQL: a trigger before each insert and update sets it on the row being written.
 *
 * The objects are those the repositories wrote with json_object / json_build_object until now,
 * fields in the order of the answer's schema. A later change to an item's shape is a migration
 * that replaces these functions and writes every row again.
 */

type Row = (column: string) => string;
type StoredItem = {
  table: string;
  /** The columns the item shows: an update of one of them writes the item again (SQLite). */
  columns: readonly string[];
  /** The item's fields in the answer's order: a JSON key (or a column holding it) and a value. */
  fields: (row: Row, timestamp: (column: string) => string) => [string, string][];
};

const ITEMS: readonly StoredItem[] = [
  {
    table: 'wallets',
    columns: [
      'id',
      'wallet_name',
      'address',
      'address_prefix',
      'category',
      'user_id',
      'created_at',
    ],
    fields: (r, time) => [
      ["'id'", r('id')],
      ["'wallet_name'", r('wallet_name')],
      [
        "'wallet_address'",
        // Stored with 0x: as typed with ronin:, the same 40 digits after that prefix.
        `case when ${r('address_prefix')} = '0x' then ${r('address')} else ${r('address_prefix')} || substr(${r('address')}, 3) end`,
      ],
      ["'category'", r('category')],
      ["'user_id'", r('user_id')],
      ["'created_at'", time('created_at')],
    ],
  },
  {
    table: 'links',
    columns: ['id', 'title', 'url', 'category', 'user_id', 'created_at'],
    fields: (r, time) => [
      ["'id'", r('id')],
      ["'title'", r('title')],
      ["'url'", r('url')],
      ["'category'", r('category')],
      ["'user_id'", r('user_id')],
      ["'created_at'", time('created_at')],
    ],
  },
  {
    table: 'income_records',
    columns: [
      'id',
      'token',
      'amount',
      'expense',
      'expense_type',
      'expense_description',
      'converted_expense',
      'date',
      'net_income',
      'price_usd',
      'usd_idr',
      'usd_idr_date',
      'created_at',
    ],
    fields: (r, time) => [
      ["'id'", r('id')],
      ["'income'", r('amount')],
      ["'expense'", r('expense')],
      ["'expense_type'", r('expense_type')],
      ["'expense_description'", r('expense_description')],
      ["'converted_expense'", r('converted_expense')],
      ["'date'", r('date')],
      ["'net_income'", r('net_income')],
      ["'price_usd'", r('price_usd')],
      ["'usd_idr'", r('usd_idr')],
      ["'usd_idr_date'", r('usd_idr_date')],
      ["'created_at'", time('created_at')],
      // The amount again under the token's own name ("pixels" or "axs").
      [r('token'), r('amount')],
    ],
  },
];

/** The item of the row `prefix` (new, or the table itself) as JSON text. */
function itemOf(engine: MigrationEngine, item: StoredItem, prefix: string) {
  const r: Row = (column) => `${prefix}.${column}`;
  // SQLite keeps the ISO-8601 text the server wrote; PostgreSQL a timestamptz.
  const time = (column: string) =>
    engine === 'postgres'
      ? `to_char(${r(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : r(column);
  const pairs = item
    .fields(r, time)
    .map(([key, value]) => `${key}, ${value}`)
    .join(', ');
  return engine === 'postgres' ? `json_build_object(${pairs})::text` : `json_object(${pairs})`;
}

async function sqliteItems(db: Kysely<unknown>, item: StoredItem) {
  const { table } = item;
  const { rows: columns } = await sql<{ name: string }>`
    select name from pragma_table_info(${table})`.execute(db);
  const followed = columns.map((column) => column.name).join(', ');
  // The triggers run after any update of the table (the list's version, its search text) now
  // follow the columns it had until now: not item_json.
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and tbl_name = ${table}`.execute(db);
  const anyUpdate = new RegExp(`\\bafter\\s+update\\s+on\\s+"?${table}"?\\s`, 'i');
  for (const trigger of triggers) {
    if (!anyUpdate.test(trigger.sql)) continue;
    await sql.raw(`drop trigger ${trigger.name}`).execute(db);
    await sql
      .raw(trigger.sql.replace(anyUpdate, `after update of ${followed} on ${table} `))
      .execute(db);
  }
  await sql.raw(`alter table ${table} add column item_json text`).execute(db);
  const write = `update ${table} set item_json = ${itemOf('sqlite', item, 'new')} where id = new.id;`;
  await sql
    .raw(`create trigger ${table}_item_insert after insert on ${table} begin ${write} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_item_update after update of ${item.columns.join(', ')} on ${table}
       begin ${write} end`,
    )
    .execute(db);
  await sql.raw(`update ${table} set item_json = ${itemOf('sqlite', item, table)}`).execute(db);
}

async function postgresItems(db: Kysely<unknown>, item: StoredItem) {
  const { table } = item;
  await sql.raw(`alter table ${table} add column item_json text`).execute(db);
  await sql
    .raw(
      `create function ${table}_item() returns trigger language plpgsql as $$
       begin
         new.item_json := ${itemOf('postgres', item, 'new')};
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_item before insert or update on ${table}
       for each row execute function ${table}_item()`,
    )
    .execute(db);
  await sql.raw(`update ${table} set item_json = ${itemOf('postgres', item, table)}`).execute(db);
}

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  for (const item of ITEMS) {
    if (engine === 'postgres') await postgresItems(db, item);
    else await sqliteItems(db, item);
  }
}
