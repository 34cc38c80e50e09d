import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import {
  countUnreadFor,
  deleteNotification,
  insertNotification,
  insertUserNotifications,
  isReadBy,
  listNotificationsFor,
  markRead,
  updateNotification,
  type NewUserNotification,
} from './notifications.repository.js';

export type { NewUserNotification };

/** What the notifications module needs from the app. */
export type NotificationsDeps = { db: Kysely<Database> };

type NotificationValues = { title: string; message: string };

const NOT_FOUND = 'Notifikasi tidak ditemukan.';

/** Admin notifications: every signed-in user reads them; only admins write them. */
export function notificationsService({ db }: NotificationsDeps) {
  return {
    /** A page newest first, each with whether `userId` has read it; and the total. */
    listFor: (userId: number, limit?: number, offset?: number) =>
      listNotificationsFor(db, userId, limit, offset),

    /** Marks `ids` read by `userId`; answers how many remain unread. */
    async markRead(userId: number, ids: readonly number[]) {
      await markRead(db, userId, ids);
      return countUnreadFor(db, userId);
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
