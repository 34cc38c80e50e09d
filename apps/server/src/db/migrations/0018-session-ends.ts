import type { Kysely } from 'kysely';

/*
 * A count of the writes that ended sessions (a sign-out, a sign-out everywhere, a changed password
 * or role, a deleted account), raised in the same transaction as each. Every instance reads it on
 * a short timer and forgets the sessions it keeps in memory when it moved: the way an instance
 * learns of an end when the announcement through Redis cannot reach it (the writer's own link to
 * Redis stalled). One row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_ends')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .execute();
  await db
    .insertInto('session_ends' as never)
    .values({ id: 1, count: 0 } as never)
    .execute();
}
