import type { Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const timestamp = columnType(engine, 'timestamp');

  // The time of the cursor's block (ISO 8601 UTC), for "as of block N, <time>"; null until the
  // follower next moves it.
  await db.schema
    .alterTable('chain_follow_cursors')
    .addColumn('last_block_time', 'varchar(24)')
    .execute();

  // A wallet's transfers newest first, with the token in the index: a filtered page and the
  // total a page shows are read from the index alone (the 0019 indexes needed every row).
  for (const side of ['from', 'to'] as const) {
    await db.schema.dropIndex(`chain_transfers_${side}_idx`).execute();
    await db.schema
      .createIndex(`chain_transfers_${side}_token_idx`)
      .on('chain_transfers')
      .columns([`${side}_address`, 'block_number', 'log_index', 'token'])
      .execute();
  }

  // An income record added from a transfer the chain logged: which one, so that it is added once
  // per user however often it is accepted (two tabs, a double click, the automatic adding). Null
  // for a record typed by hand; the unique index takes no notice of nulls on either engine.
  await db.schema
    .alterTable('income_records')
    .addColumn('chain_transfer_id', 'integer', (col) => col.references('chain_transfers.id'))
    .execute();
  await db.schema
    .createIndex('income_records_user_transfer_unique')
    .on('income_records')
    .columns(['user_id', 'chain_transfer_id'])
    .unique()
    .execute();

  // A suggestion the user ignored: the transfer is no longer offered to them.
  await db.schema
    .createTable('income_suggestion_ignores')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('chain_transfer_id', 'integer', (col) =>
      col.notNull().references('chain_transfers.id'),
    )
    .addColumn('ignored_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('income_suggestion_ignores_pk', ['user_id', 'chain_transfer_id'])
    .execute();

  // "Add these automatically", per wallet and income token ('pixels', 'axs'): the transfers of
  // that token into the wallet become income records without a click. Gone with the wallet.
  await db.schema
    .createTable('wallet_income_auto')
    .addColumn('wallet_id', 'integer', (col) =>
      col.notNull().references('wallets.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('wallet_income_auto_pk', ['wallet_id', 'token'])
    .execute();

  // Notifications for one user (the admins' broadcasts are in notifications), shown in the same
  // bell with the same read state. chain_transfer_id: the transfer a notification tells of, so
  // that a transfer is told once per user.
  await addIdColumn(db.schema.createTable('user_notifications'), engine)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('message', 'varchar(2000)', (col) => col.notNull())
    .addColumn('chain_transfer_id', 'integer', (col) => col.references('chain_transfers.id'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('read_at', timestamp)
    .execute();
  await db.schema
    .createIndex('user_notifications_user_idx')
    .on('user_notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('user_notifications_user_transfer_unique')
    .on('user_notifications')
    .columns(['user_id', 'chain_transfer_id'])
    .unique()
    .execute();
}
