import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { TNotificationKind } from '@nexusplay/contract/notifications';
import {
  broadcastExists,
  countPersonalUnreadFor,
  countUnreadFor,
  deleteNotification,
  insertNotification,
  insertUserNotifications,
  isReadBy,
  listBellFor,
  listNotificationsFor,
  markEveryBroadcastRead,
  markPersonalRead,
  markRead,
  ownsPersonal,
  updateNotification,
  type NewUserNotification,
} from './notifications.repository.js';

export type { NewUserNotification };

/** What the notifications module needs from the app. */
export type NotificationsDeps = { database: Db };

type NotificationValues = { title: string; message: string };

const NOT_FOUND = 'Notifikasi tidak ditemukan.';

/**
 * Notifications: the admins' broadcasts, which every signed-in user reads and only admins write,
 * and personal ones, each for one user (tellUsers); a user's bell shows both.
 */
export function notificationsService({ database }: NotificationsDeps) {
  const db = database.kysely;
  /** The bell's badge: the broadcasts and the personal ones `userId` has not read. */
  const unreadFor = async (userId: number) =>
    (await countUnreadFor(db, userId)) + (await countPersonalUnreadFor(db, userId));

  return {
    /** A page newest first, each with whether `userId` has read it; and the total. */
    listFor: (userId: number, limit?: number, offset?: number) =>
      listNotificationsFor(database, userId, limit, offset),

    /** A page of the user's bell (broadcasts and their own personal ones), newest first. */
    bellFor: (userId: number, limit?: number, offset?: number) =>
      listBellFor(database, userId, limit, offset),

    /** Marks the broadcasts `ids` read by `userId`; answers how many of the bell remain unread. */
    async markRead(userId: number, ids: readonly number[]) {
      await markRead(db, userId, ids);
      return unreadFor(userId);
    },

    /**
     * Marks the bell's items the user was shown as read, ids by kind; ids that are missing or
     * another user's are passed over, as for broadcasts. Answers how many remain unread.
     */
    async markBellRead(
      userId: number,
      ids: { broadcast_ids: readonly number[]; personal_ids: readonly number[] },
    ) {
      await db.transaction().execute(async (trx) => {
        await markRead(trx, userId, ids.broadcast_ids);
        await markPersonalRead(trx, userId, ids.personal_ids);
      });
      return unreadFor(userId);
    },

    /** Marks one item read; a missing one, or another user's personal one, is not found. */
    async markOneRead(userId: number, kind: TNotificationKind, id: number) {
      if (kind === 'broadcast') {
        if (!(await broadcastExists(db, id))) throw notFound(NOT_FOUND);
        await markRead(db, userId, [id]);
      } else {
        if (!(await ownsPersonal(db, userId, id))) throw notFound(NOT_FOUND);
        await markPersonalRead(db, userId, [id]);
      }
      return unreadFor(userId);
    },

    /** Marks every item of the user's bell, of both kinds, as read. */
    async markAllRead(userId: number) {
      await db.transaction().execute(async (trx) => {
        await markEveryBroadcastRead(trx, userId);
        await markPersonalRead(trx, userId, 'all');
      });
      return unreadFor(userId);
    },

    async create(values: NotificationValues, createdBy: number) {
      const row = await insertNotification(db, { ...values, createdBy });
      return { ...row, read: false };
    },

    /** The changed notification, with whether `readerId` (the admin changing it) has read it. */
    async update(id: number, values: NotificationValues, readerId: number) {
      const row = await updateNotification(db, id, values);
      if (!row) throw notFound(NOT_FOUND);
      return { ...row, read: await isReadBy(db, row.id, readerId) };
    },

    async remove(id: number) {
      if (!(await deleteNotification(db, id))) throw notFound(NOT_FOUND);
    },
  };
}

/**
 * Tells users something personally, in their bell beside the admins' broadcasts: the door other
 * modules use. `db` may be the caller's transaction, so the notifications commit with what they
 * tell of; a user and transfer already told is skipped. Their users' next bell read shows them.
 * Answers how many were stored.
 */
export function tellUsers(db: Kysely<Database>, rows: readonly NewUserNotification[]) {
  return insertUserNotifications(db, rows);
}
