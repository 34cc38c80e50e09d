import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/** One page of a user's rows of a table, in key order after `after`. */
export type PageReader = (
  db: DB,
  userId: number,
  after: number,
  limit: number,
) => Promise<Record<string, unknown>[]>;

export function getAccountRecord(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export const walletsPage: PageReader = (db, userId, after, limit) =>
  db
    .selectFrom('wallets')
    .select([
      'id',
      'wallet_name',
      'address',
      'address_prefix',
      'category',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

export const linksPage: PageReader = (db, userId, after, limit) =>
  db
    .selectFrom('links')
    .select(['id', 'title', 'url', 'category', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

export const incomeRecordsPage: PageReader = (db, userId, after, limit) =>
  db
    .selectFrom('income_records')
    .select([
      'id',
      'token',
      'amount',
      'expense',
      'expense_type',
      'expense_description',
      'date',
      'price_usd',
      'usd_idr',
      'usd_idr_date',
      'converted_expense',
      'net_income',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Read marks are keyed by the notification, so that is the order they are paged in. */
export const notificationReadsPage: PageReader = (db, userId, after, limit) =>
  db
    .selectFrom('notification_reads')
    .select(['notification_id as id', 'read_at'])
    .where('user_id', '=', userId)
    .where('notification_id', '>', after)
    .orderBy('notification_id')
    .limit(limit)
    .execute();
