import type { Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const timestamp = columnType(engine, 'timestamp');

  await addIdColumn(db.schema.createTable('notifications'), engine)
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('notification_id', 'integer', (col) =>
      col.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('read_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();
  // Deleting a notification removes its read marks through this index, not a scan.
  await db.schema
    .createIndex('notification_reads_notification_idx')
    .on('notification_reads')
    .column('notification_id')
    .execute();

  await db.schema
    .createTable('page_views_daily')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('path', 'varchar(200)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('page_views_daily_pk', ['day', 'path'])
    .execute();

  await db.schema
    .createTable('visitors_daily')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('visitor', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('visitors_daily_pk', ['day', 'visitor'])
    .execute();

  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('salt', 'varchar(64)', (col) => col.notNull())
    .execute();

  // New accounts per day are counted over a date range of users.created_at.
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
}
