import type { Kysely } from 'kysely';
import { columnType, type MigrationEngine } from '../migration-helpers.js';

/*
 * Password reset links. At most one per user (a newer request replaces the older one), found by
 * the SHA-256 of its token: the token itself is only ever in the mail. expires_at is in seconds
 * since the epoch. The row goes with its user.
 */
export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('expires_at', columnType(engine, 'bigint'), (col) => col.notNull())
    .execute();
}
