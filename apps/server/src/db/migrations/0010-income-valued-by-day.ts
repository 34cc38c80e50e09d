import { sql, type Kysely } from 'kysely';
import { columnType, type MigrationEngine } from '../migration-helpers.js';

/*
 * Income valued at the price of the record's day.
 *
 * A record's price, rate and net income may now be unknown (null) until a figure for its day is
 * known: a record saved while the price service was down used to keep the fallbacks (price 0,
 * 15,000 IDR per USD) for ever. usd_idr_date says which day's rate a record holds: its own, or
 * the nearest day a rate is known for.
 *
 * daily_rates keeps one figure per series (pixels, axs, usd-idr) and day, shared by every user
 * and instance, so a past day's price is asked for once; value null records that the service
 * had no figure for that day.
 */

/** The fallbacks the gateway answered when a service had never answered (SPEC 8). */
const FALLBACK_PRICE = 0;
const FALLBACK_USD_IDR = 15_000;
const LABEL: Record<string, string> = { pixels: 'Pixels', axs: 'AXS' };

/** The converted expense of a record whose price is not known yet, as the service writes it. */
function pendingConvertedExpense(token: string, expense: number, expenseType: string) {
  const label = LABEL[token] ?? token;
  return expenseType === 'usd'
    ? `$${expense.toFixed(2)} in ${label} (price pending)`
    : `${Math.round(expense * 100) / 100} ${label} (price pending)`;
}

async function rebuildSqliteTable(db: Kysely<unknown>) {
  await sql`create table income_records_next (
    id integer primary key autoincrement,
    user_id integer not null references users (id) on delete cascade,
    token varchar(8) not null,
    amount real not null,
    expense real not null,
    expense_type varchar(8) not null,
    expense_description varchar(200) not null,
    date varchar(10) not null,
    price_usd real,
    usd_idr real,
    usd_idr_date varchar(10),
    converted_expense varchar(120) not null,
    net_income real,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  const columns = sql.raw(
    'id, user_id, token, amount, expense, expense_type, expense_description, date, price_usd, ' +
      'usd_idr, converted_expense, net_income, created_at, updated_at',
  );
  await sql`insert into income_records_next (${columns}, usd_idr_date)
    select ${columns}, substr(created_at, 1, 10) from income_records`.execute(db);
  // Ids of deleted records are never handed out again, as before the rebuild.
  await sql`delete from sqlite_sequence where name = 'income_records_next'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select 'income_records_next', seq from sqlite_sequence where name = 'income_records'`.execute(
    db,
  );
  await sql`drop table income_records`.execute(db);
  await sql`alter table income_records_next rename to income_records`.execute(db);
  await sql`create index income_records_owner_idx on income_records (user_id, token, date)`.execute(
    db,
  );
}

async function relaxPostgresTable(db: Kysely<unknown>) {
  await sql`alter table income_records
    alter column price_usd drop not null,
    alter column usd_idr drop not null,
    alter column net_income drop not null,
    add column usd_idr_date varchar(10)`.execute(db);
  // Until now a record kept the rate of the (UTC) day it was saved.
  await sql`update income_records
    set usd_idr_date = to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.execute(db);
}

type FallbackRow = {
  id: number;
  token: string;
  expense: number;
  expense_type: string;
  price_usd: number;
  usd_idr: number;
};

/** Records stored with a fallback figure become pending, to be valued when a figure is known. */
async function markFallbacksPending(db: Kysely<unknown>) {
  const { rows } =
    await sql<FallbackRow>`select id, token, expense, expense_type, price_usd, usd_idr
    from income_records
    where price_usd = ${FALLBACK_PRICE} or usd_idr = ${FALLBACK_USD_IDR}`.execute(db);
  for (const row of rows) {
    if (row.price_usd === FALLBACK_PRICE) {
      const text = pendingConvertedExpense(row.token, row.expense, row.expense_type);
      await sql`update income_records
        set price_usd = null, net_income = null, converted_expense = ${text}
        where id = ${row.id}`.execute(db);
    }
    if (row.usd_idr === FALLBACK_USD_IDR) {
      await sql`update income_records set usd_idr = null, usd_idr_date = null
        where id = ${row.id}`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const amount = engine === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('daily_rates')
    .addColumn('series', 'varchar(16)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('value', amount)
    .addColumn('as_of', columnType(engine, 'timestamp'), (col) => col.notNull())
    .addPrimaryKeyConstraint('daily_rates_pk', ['series', 'day'])
    .execute();

  if (engine === 'postgres') await relaxPostgresTable(db);
  else await rebuildSqliteTable(db);
  await markFallbacksPending(db);
}
