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
 * fields in the order of the answer's schema. A notification's read state is the reader's: its
 * rows (the broadcasts, the personal ones) keep the object in two parts around it, item_head
 * (`{"id":…,"title":…,"message":…`) and item_tail (`"created_at":…`, open for the bell's kind).
 * A later change to an item's shape is a migration that replaces these triggers and writes every
 * row again.
 */

type Row = (column: string) => string;
type Fields = (row: Row, timestamp: (column: string) => string) => [string, string][];
type StoredItem = {
  table: string;
  /** The columns the item shows: an update of one of them writes the item again (SQLite). */
  columns: readonly string[];
  /**
   * What each stored column keeps: the fields of a JSON object in the answer's order (a JSON
   * key, or a column holding it, and a value), the whole object or the object cut open.
   */
  stored: Record<string, { fields: Fields; cut?: 'end' | 'both' }>;
};

/** A notification's parts around its read state, as the answers' schema orders them. */
const NOTIFICATION_PARTS: StoredItem['stored'] = {
  item_head: {
    fields: (r) => [
      ["'id'", r('id')],
      ["'title'", r('title')],
      ["'message'", r('message')],
    ],
    cut: 'end',
  },
  item_tail: { fields: (_, time) => [["'created_at'", time('created_at')]], cut: 'both' },
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
    stored: {
      item_json: {
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
    },
  },
  {
    table: 'links',
    columns: ['id', 'title', 'url', 'category', 'user_id', 'created_at'],
    stored: {
      item_json: {
        fields: (r, time) => [
          ["'id'", r('id')],
          ["'title'", r('title')],
          ["'url'", r('url')],
          ["'category'", r('category')],
          ["'user_id'", r('user_id')],
          ["'created_at'", time('created_at')],
        ],
      },
    },
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
    stored: {
      item_json: {
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
    },
  },
  {
    table: 'notifications',
    columns: ['id', 'title', 'message', 'created_at'],
    stored: NOTIFICATION_PARTS,
  },
  {
    table: 'user_notifications',
    columns: ['id', 'title', 'message', 'created_at'],
    stored: NOTIFICATION_PARTS,
  },
];

/** Each stored column of the row `prefix` (new, or the table itself) and what it keeps. */
function storedOf(engine: MigrationEngine, item: StoredItem, prefix: string) {
  const r: Row = (column) => `${prefix}.${column}`;
  // SQLite keeps the ISO-8601 text the server wrote; PostgreSQL a timestamptz.
  const time = (column: string) =>
    engine === 'postgres'
      ? `to_char(${r(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : r(column);
  return Object.entries(item.stored).map(([column, { fields, cut }]) => {
    const pairs = fields(r, time)
      .map(([key, value]) => `${key}, ${value}`)
      .join(', ');
    const object =
      engine === 'postgres' ? `json_build_object(${pairs})::text` : `json_object(${pairs})`;
    // Without its closing brace, and for `both` its opening one.
    const from = cut === 'both' ? 2 : 1;
    return [column, cut ? `substr(${object}, ${from}, length(${object}) - ${from})` : object];
  });
}

/** The SET of an UPDATE that writes the stored columns of the row `prefix`. */
const setStored = (engine: MigrationEngine, item: StoredItem, prefix: string) =>
  storedOf(engine, item, prefix)
    .map(([column, value]) => `${column} = ${value}`)
    .join(', ');

async function sqliteItems(db: Kysely<unknown>, item: StoredItem) {
  const { table } = item;
  const { rows: columns } = await sql<{ name: string }>`
    select name from pragma_table_info(${table})`.execute(db);
  const followed = columns.map((column) => column.name).join(', ');
  // The triggers run after any update of the table (the list's version, its search text) now
  // follow the columns it had until now: not the stored ones.
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
  for (const column of Object.keys(item.stored))
    await sql.raw(`alter table ${table} add column ${column} text`).execute(db);
  const write = `update ${table} set ${setStored('sqlite', item, 'new')} where id = new.id;`;
  await sql
    .raw(`create trigger ${table}_item_insert after insert on ${table} begin ${write} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_item_update after update of ${item.columns.join(', ')} on ${table}
       begin ${write} end`,
    )
    .execute(db);
  await sql.raw(`update ${table} set ${setStored('sqlite', item, table)}`).execute(db);
}

async function postgresItems(db: Kysely<unknown>, item: StoredItem) {
  const { table } = item;
  for (const column of Object.keys(item.stored))
    await sql.raw(`alter table ${table} add column ${column} text`).execute(db);
  const assignments = storedOf('postgres', item, 'new')
    .map(([column, value]) => `new.${column} := ${value};`)
    .join('\n         ');
  await sql
    .raw(
      `create function ${table}_item() returns trigger language plpgsql as $$
       begin
         ${assignments}
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
  await sql.raw(`update ${table} set ${setStored('postgres', item, table)}`).execute(db);
}

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  for (const item of ITEMS) {
    if (engine === 'postgres') await postgresItems(db, item);
    else await sqliteItems(db, item);
  }
}
