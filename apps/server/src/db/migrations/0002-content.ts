import type { Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  const timestamp = columnType(engine, 'timestamp');

  await addIdColumn(db.schema.createTable('games'), engine)
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('link', 'varchar(2048)', (col) => col.notNull())
    .addColumn('image', 'varchar(100)')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('blogs'), engine)
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('image', 'varchar(100)')
    .addColumn('author', 'varchar(100)', (col) => col.notNull())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('tools'), engine)
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('icon', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull())
    .addColumn('link', 'varchar(2048)')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('mime', 'varchar(32)', (col) => col.notNull())
    .addColumn('bytes', columnType(engine, 'blob'), (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  // The blog list is read newest first; the picture columns are looked up when an upload may
  // have lost its last reference.
  await db.schema.createIndex('blogs_date_id_idx').on('blogs').columns(['date', 'id']).execute();
  await db.schema.createIndex('games_image_idx').on('games').column('image').execute();
  await db.schema.createIndex('blogs_image_idx').on('blogs').column('image').execute();
}
