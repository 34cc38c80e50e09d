import type { Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const timestamp = columnType(engine, 'timestamp');
  // Amounts are doubles: token and dollar figures with fractions, far below 2^53.
  const amount = engine === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('gateway_snapshots')
    .addColumn('source', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('as_of', 'varchar(30)', (col) => col.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('income_records'), engine)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(8)', (col) => col.notNull())
    .addColumn('amount', amount, (col) => col.notNull())
    .addColumn('expense', amount, (col) => col.notNull())
    .addColumn('expense_type', 'varchar(8)', (col) => col.notNull())
    .addColumn('expense_description', 'varchar(200)', (col) => col.notNull())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('price_usd', amount, (col) => col.notNull())
    .addColumn('usd_idr', amount, (col) => col.notNull())
    .addColumn('converted_expense', 'varchar(120)', (col) => col.notNull())
    .addColumn('net_income', amount, (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createIndex('income_records_owner_idx')
    .on('income_records')
    .columns(['user_id', 'token', 'date'])
    .execute();
}
