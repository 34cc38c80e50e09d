import { sql, type Kysely } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TNotification } from '@nexusplay/contract/notifications';
import { nowTimestamp } from '../../db/codecs.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { raiseListVersions } from '../../db/list-versions.repository.js';
import { compiledPageWithTotal } from '../../db/paged-list.js';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/** The notifications, newest first, each with whether the user has read it: compiled once. */
const notificationsPage = compiledPageWithTotal<
  [userId: number],
  Pick<TNotification, 'id' | 'title' | 'message' | 'created_at'> & { is_read: number },
  TNotification
>((db, arg) => ({
  rows: db
    .selectFrom('notifications as n')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', arg(0)),
    )
    .select([
      'n.id',
      'n.title',
      'n.message',
      'n.created_at',
      sql<number>`case when r.user_id is null then 0 else 1 end`.as('is_read'),
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc'),
  // Spelled out rather than spread: every open tab polls this list.
  toItem: (row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    read: Number(row.is_read) === 1,
    created_at: row.created_at,
  }),
}));

/** A page of the notifications, newest first, each with whether `userId` has read it; and the total. */
export async function listNotificationsFor(
  db: DB,
  userId: number,
  limit = LIST_CAP,
  offset = 0,
): Promise<{ items: TNotification[]; total: number }> {
  // At most one read per notification and user (the key of notification_reads): the join counts
  // each notification once.
  const { items, total } = await notificationsPage(db, [userId], { limit, offset });
  return { items, total };
}

export async function countUnreadFor(db: DB, userId: number) {
  const { total } = await db
    .selectFrom('notifications as n')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_reads as r')
            .select('r.user_id')
            .whereRef('r.notification_id', '=', 'n.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

const COLUMNS = ['id', 'title', 'message', 'created_at'] as const;

export function insertNotification(
  db: DB,
  values: { title: string; message: string; createdBy: number },
) {
  const now = nowTimestamp();
  return db
    .insertInto('notifications')
    .values({
      title: values.title,
      message: values.message,
      created_by: values.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateNotification(db: DB, id: number, values: { title: string; message: string }) {
  return db
    .updateTable('notifications')
    .set({ ...values, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteNotification(db: DB, id: number) {
  // Read marks go with it (ON DELETE CASCADE).
  return db.deleteFrom('notifications').where('id', '=', id).returning('id').executeTakeFirst();
}

export async function isReadBy(db: DB, id: number, userId: number) {
  const row = await db
    .selectFrom('notification_reads')
    .select('user_id')
    .where('notification_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Marks the existing ones among `ids` as read by `userId`; marking twice changes nothing. */
export async function markRead(db: DB, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const now = nowTimestamp();
  const insert = () =>
    db
      .insertInto('notification_reads')
      .columns(['user_id', 'notification_id', 'read_at'])
      .expression((eb) =>
        eb
          .selectFrom('notifications')
          .select([eb.val(userId).as('user_id'), 'id', eb.val(now).as('read_at')])
          .where('id', 'in', [...new Set(ids)]),
      )
      .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
      .execute();
  try {
    await insert();
  } catch (error) {
    // A notification deleted between the select and the insert: once more, without it.
    if (!isForeignKeyViolation(error)) throw error;
    await insert();
  }
}

/** A personal notification to store: for one user, about a chain transfer or about nothing. */
export type NewUserNotification = {
  user_id: number;
  title: string;
  message: string;
  chain_transfer_id: number | null;
  created_at: string;
};

/**
 * Stores personal notifications, each transfer told to a user once (a second insert of the same
 * user and transfer is skipped), and raises their users' version of the list in the same
 * transaction, so their next bell read shows them. Answers how many were stored.
 */
export async function insertUserNotifications(
  db: DB,
  rows: readonly NewUserNotification[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insertInto('user_notifications')
    .values(rows.map((row) => ({ ...row, read_at: null })))
    .onConflict((oc) => oc.columns(['user_id', 'chain_transfer_id']).doNothing())
    .returning('user_id')
    .execute();
  await raiseListVersions(
    db,
    'user_notifications',
    stored.map((row) => row.user_id),
  );
  return stored.length;
}
