import type { Kysely } from 'kysely';

/*
 * Why a user's sessions last ended (a sign-out everywhere, a changed password, a changed role),
 * so that a device signed out by it is told why rather than only that its session ended.
 * Null until sessions are first ended with a reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('session_end_reason', 'varchar(32)').execute();
}
