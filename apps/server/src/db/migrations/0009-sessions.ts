import type { Kysely } from 'kysely';
import { columnType, type MigrationEngine } from '../migration-helpers.js';

/*
 * Sessions the server can end. A token names its session generation: raising a user's
 * generation ends every session they have. A signed-out token's id stays in revoked_tokens until
 * the token would have expired anyway (expires_at, seconds since the epoch).
 */
export async function up(db: Kysely<unknown>, engine: MigrationEngine): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_generation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', columnType(engine, 'bigint'), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at_idx')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
}
