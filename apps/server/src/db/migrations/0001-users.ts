import { sql, type Kysely } from 'kysely';
import { addIdColumn, columnType, type MigrationEngine } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  await addIdColumn(db.schema.createTable('users'), engine)
    .addColumn('username', 'varchar(32)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) =>
      col
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('admin', 'user')`),
    )
    .addColumn('created_at', columnType(engine, 'timestamp'), (col) => col.notNull())
    .execute();

  // Emails are stored lower-cased by the application; usernames keep their case but are unique
  // regardless of it, so "Admin" cannot impersonate "admin".
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .expression(sql`lower(username)`)
    .unique()
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
}
