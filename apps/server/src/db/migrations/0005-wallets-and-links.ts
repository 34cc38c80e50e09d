import type { Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const timestamp = columnType(engine, 'timestamp');

  await addIdColumn(db.schema.createTable('wallets'), engine)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('wallet_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('address', 'varchar(42)', (col) => col.notNull())
    .addColumn('address_prefix', 'varchar(6)', (col) => col.notNull())
    .addColumn('category', 'varchar(50)')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addUniqueConstraint('wallets_user_address_unique', ['user_id', 'address'])
    .execute();

  await addIdColumn(db.schema.createTable('links'), engine)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('url', 'varchar(2048)', (col) => col.notNull())
    .addColumn('category', 'varchar(50)')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  // Every read is one user's rows in id order; imports look for a user's existing URLs.
  await db.schema
    .createIndex('wallets_user_id_idx')
    .on('wallets')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('links_user_id_idx').on('links').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('links_user_url_idx')
    .on('links')
    .columns(['user_id', 'url'])
    .execute();
}
