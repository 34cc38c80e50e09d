import type { Kysely } from 'kysely';
import { decodeBool } from '../../db/codecs.js';
import type { Database } from '../../db/schema.js';
import { storedIncomeAfter } from '../income/income.repository.js';
import { linksList } from '../links/links.repository.js';
import { ownRowsAfter } from '../personal-list/personal-list.repository.js';
import { walletsList } from '../wallets/wallets.repository.js';

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

/** The modules' own rows, with the columns their modules store (docs/account-export.md). */
export const walletsPage: PageReader = walletsList.storedAfter;
export const linksPage: PageReader = linksList.storedAfter;
export const incomeRecordsPage: PageReader = storedIncomeAfter;

/**
 * The portfolio's daily totals, one row per wallet (its id) with its days in order: paged by
 * wallet, as a wallet's days are not keyed by an id of their own. A wallet without any is there
 * with no days, so that a short page still means the last one.
 */
export const walletValueSnapshotsPage: PageReader = async (db, userId, after, limit) => {
  const wallets = await ownRowsAfter<{ id: number }>(db, 'wallets', ['id'], {
    userId,
    after,
    limit,
  });
  if (wallets.length === 0) return [];
  const days = await db
    .selectFrom('wallet_value_snapshots')
    .select(['wallet_id', 'day', 'total_usd', 'as_of'])
    .where(
      'wallet_id',
      'in',
      wallets.map((wallet) => wallet.id),
    )
    .orderBy('wallet_id')
    .orderBy('day')
    .execute();
  const byWallet = new Map(
    wallets.map((wallet) => [wallet.id, [] as { day: string; total_usd: number; as_of: string }[]]),
  );
  for (const { wallet_id, ...day } of days) byWallet.get(wallet_id)?.push(day);
  return [...byWallet].map(([id, walletDays]) => ({ id, days: walletDays }));
};

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

/** The user's personal notifications (those of the bell beside the broadcasts), in id order. */
export const userNotificationsPage: PageReader = (db, userId, after, limit) =>
  db
    .selectFrom('user_notifications')
    .select(['id', 'title', 'message', 'chain_transfer_id', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

/** The user's price alerts (the line, its state and when it last fired), in id order. */
export const priceAlertsPage: PageReader = (db, userId, after, limit) =>
  db
    .selectFrom('price_alerts')
    .select([
      'id',
      'token',
      'direction',
      'currency',
      'price',
      'mail',
      'state',
      'last_price',
      'last_fired_at',
      'fired_count',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, mail: decodeBool(row.mail) })));
