import type { Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const timestamp = columnType(engine, 'timestamp');
  const boolean = columnType(engine, 'boolean');
  const double = engine === 'postgres' ? 'double precision' : 'real';

  // A user's price alerts: a token above or below a price in USD or IDR. `state` is 'armed'
  // (waiting for the price to cross the line) or 'fired' (it crossed; armed again when the price
  // crosses back); the move from one to the other is one conditional update, so among several
  // instances a crossing fires once. last_price is the price the alert was last checked at.
  await addIdColumn(db.schema.createTable('price_alerts'), engine)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(10)', (col) => col.notNull())
    .addColumn('direction', 'varchar(5)', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('price', double, (col) => col.notNull())
    .addColumn('mail', boolean, (col) => col.notNull().defaultTo(false))
    .addColumn('state', 'varchar(5)', (col) => col.notNull())
    .addColumn('last_price', double)
    .addColumn('last_checked_at', timestamp)
    .addColumn('last_fired_at', timestamp)
    .addColumn('fired_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('price_alerts_user_idx')
    .on('price_alerts')
    .columns(['user_id', 'id'])
    .execute();
  // Each price refresh reads the alerts of the tokens it priced.
  await db.schema
    .createIndex('price_alerts_token_idx')
    .on('price_alerts')
    .columns(['token', 'state'])
    .execute();

  // "Mail me when income arrives", per user.
  await db.schema
    .alterTable('users')
    .addColumn('mail_income', boolean, (col) => col.notNull().defaultTo(false))
    .execute();

  // A personal notification that is also to be mailed: true until a mailer has claimed it. The
  // notification and its mail are decided in one transaction, and the claim is one conditional
  // update, so a mail is sent once among instances.
  await db.schema
    .alterTable('user_notifications')
    .addColumn('mail_pending', boolean, (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('user_notifications_mail_idx')
    .on('user_notifications')
    .columns(['mail_pending', 'id'])
    .execute();

  // ERC-721 transfers of the configured collections to or from a followed address, as the chain
  // logged them: one row per log. token_id is uint256 as decimal text.
  await addIdColumn(db.schema.createTable('chain_nft_transfers'), engine)
    .addColumn('chain_id', 'integer', (col) => col.notNull())
    .addColumn('tx_hash', 'varchar(66)', (col) => col.notNull())
    .addColumn('log_index', 'integer', (col) => col.notNull())
    .addColumn('block_number', 'integer', (col) => col.notNull())
    .addColumn('block_time', 'varchar(24)', (col) => col.notNull())
    .addColumn('collection', 'varchar(42)', (col) => col.notNull())
    .addColumn('from_address', 'varchar(42)', (col) => col.notNull())
    .addColumn('to_address', 'varchar(42)', (col) => col.notNull())
    .addColumn('token_id', 'varchar(78)', (col) => col.notNull())
    .addUniqueConstraint('chain_nft_transfers_log_key', ['chain_id', 'tx_hash', 'log_index'])
    .execute();
  await db.schema
    .createIndex('chain_nft_transfers_to_idx')
    .on('chain_nft_transfers')
    .columns(['to_address', 'block_number', 'log_index'])
    .execute();
}
