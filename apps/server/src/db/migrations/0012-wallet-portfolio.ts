import type { Kysely } from 'kysely';
import type { MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  // Dollar totals with fractions, far below 2^53, as the income amounts are.
  const amount = engine === 'postgres' ? 'double precision' : 'real';

  // The last good balances of each tracked wallet's address, token by token: raw integer
  // amounts (up to 2^256) as decimal text. They go with the wallet: deleting the wallet (or its
  // owner) deletes them.
  await db.schema
    .createTable('wallet_balances')
    .addColumn('wallet_id', 'integer', (col) =>
      col.notNull().references('wallets.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'varchar(80)', (col) => col.notNull())
    .addColumn('as_of', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('wallet_balances_pk', ['wallet_id', 'token'])
    .execute();

  // One total a UTC day per wallet; a day without a row is a gap, never a zero.
  await db.schema
    .createTable('wallet_value_snapshots')
    .addColumn('wallet_id', 'integer', (col) =>
      col.notNull().references('wallets.id').onDelete('cascade'),
    )
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('total_usd', amount, (col) => col.notNull())
    .addColumn('as_of', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('wallet_value_snapshots_pk', ['wallet_id', 'day'])
    .execute();
  // The history reads the days of a range for the caller's wallets.
  await db.schema
    .createIndex('wallet_value_snapshots_day_idx')
    .on('wallet_value_snapshots')
    .columns(['day', 'wallet_id'])
    .execute();

  // Snapshot passes by UTC hour (2026-03-05T14): the instance whose insert of the hour lands
  // makes that pass; the others see the row. The first pass of a day values every wallet, the
  // later ones only wallets added since.
  await db.schema
    .createTable('portfolio_snapshot_runs')
    .addColumn('run', 'varchar(13)', (col) => col.primaryKey())
    .addColumn('claimed_at', 'varchar(30)', (col) => col.notNull())
    .execute();
}
