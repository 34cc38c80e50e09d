import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The broadcasts newest first (the notifications list, the bell, the admins' list) read in
  // index order instead of sorted on every read; the id, last, breaks ties of the same time.
  await db.schema
    .createIndex('notifications_created_idx')
    .on('notifications')
    .columns(['created_at', 'id'])
    .execute();
  // A user's own notifications newest first (the bell's other half), the same way.
  await db.schema
    .createIndex('user_notifications_user_created_idx')
    .on('user_notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // The records still waiting for their day's price or rate, counted beside every income page:
  // only those rows are in this index, so the count reads none while nothing is pending.
  await sql`
    create index income_records_pending_idx on income_records (user_id, token)
    where price_usd is null or usd_idr is null
  `.execute(db);
}
