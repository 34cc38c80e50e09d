import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TNotificationKind } from '@nexusplay/contract/notifications';
import { nowTimestamp } from '../../db/codecs.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { raiseListVersions } from '../../db/list-versions.repository.js';
import type { Db } from '../../db/database.js';
import { compiledJsonPage, pageColumn, type JsonOrder } from '../../db/paged-list.js';
import type { JsonItems } from '../../lib/json-items.js';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/**
 * A notification as the answer sends it (TNotification's fields in its order), from the two parts
 * its row keeps around the reader's read state (migration 0024), and `end` after them: the
 * closing brace, or the bell's kind before it.
 */
const notificationJson = (end: RawBuilder<unknown>) =>
  sql<string>`${pageColumn('item_head')} || case when ${pageColumn('is_read')} = 1 then ',"read":true,' else ',"read":false,' end || ${pageColumn('item_tail')} || ${end}`;

/** How many broadcasts there are, as a scalar subquery. */
const broadcastCount = (db: DB) => db.selectFrom('notifications').select(sql`count(*)`.as('n'));

/** Newest first, ties by id (and, in the bell, by kind after it). */
const NEWEST_FIRST: JsonOrder = [
  ['created_at', 'desc'],
  ['id', 'desc'],
];

/**
 * The notifications, newest first, each with whether the user has read it: compiled once, read
 * as the JSON the answer sends.
 */
const notificationsPage = compiledJsonPage<[userId: number]>((db, arg) => ({
  rows: db
    .selectFrom('notifications as n')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', arg(0)),
    )
    .select([
      'n.id',
      'n.created_at',
      'n.item_head',
      'n.item_tail',
      sql<number>`case when r.user_id is null then 0 else 1 end`.as('is_read'),
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc'),
  order: NEWEST_FIRST,
  item: notificationJson(sql.lit('}')),
  // One row per notification (a read is unique per notification and user): counted alone.
  totalOf: { expression: broadcastCount(db) },
}));

/** A page of the notifications, newest first, each with whether `userId` has read it; and the total. */
export async function listNotificationsFor(
  db: Db,
  userId: number,
  limit = LIST_CAP,
  offset = 0,
): Promise<{ items: JsonItems; total: number }> {
  // At most one read per notification and user (the key of notification_reads): the join counts
  // each notification once.
  return notificationsPage(db, [userId], { limit, offset });
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
  /** 1 when it is to be mailed too (the mail outbox); 0 when left out. */
  mail_pending?: number;
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

/**
 * A user's bell: the broadcasts and the user's own personal notifications together, newest
 * first, each with the user's read state; compiled once. Both kinds have ids of their own, so
 * ties are broken by id, then kind. In that order each kind is read from its index already
 * sorted (migration 0023: time, then id, which is unique) and the two are merged; with the
 * kind before the id, each kind's rows were sorted again on every read.
 */
const bellPage = compiledJsonPage<[userId: number]>((db, arg) => {
  const broadcasts = db
    .selectFrom('notifications as n')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', arg(0)),
    )
    .select([
      'n.id',
      sql<TNotificationKind>`'broadcast'`.as('kind'),
      'n.created_at',
      'n.item_head',
      'n.item_tail',
      sql<string>`',"kind":"broadcast"}'`.as('item_end'),
      sql<number>`case when r.user_id is null then 0 else 1 end`.as('is_read'),
    ]);
  const personal = db
    .selectFrom('user_notifications as u')
    .select([
      'u.id',
      sql<TNotificationKind>`'personal'`.as('kind'),
      'u.created_at',
      'u.item_head',
      'u.item_tail',
      sql<string>`',"kind":"personal"}'`.as('item_end'),
      sql<number>`case when u.read_at is null then 0 else 1 end`.as('is_read'),
    ])
    .where('u.user_id', '=', arg(0));
  return {
    rows: db
      .selectFrom(broadcasts.unionAll(personal).as('b'))
      .select([
        'b.id',
        'b.kind',
        'b.created_at',
        'b.item_head',
        'b.item_tail',
        'b.item_end',
        'b.is_read',
      ])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .orderBy('b.kind', 'desc'),
    order: [...NEWEST_FIRST, ['kind', 'desc']],
    // TBellNotification: a notification's fields, then its kind.
    item: notificationJson(pageColumn('item_end')),
    // The two kinds merged in order, not sorted again (SQLite).
    pageInside: true,
    // Each kind counted by itself, not the union read again.
    totalOf: {
      expression: sql`${broadcastCount(db)} + ${db
        .selectFrom('user_notifications')
        .select(sql`count(*)`.as('n'))
        .where('user_id', '=', arg(0))}`,
    },
  };
});

/** A page of `userId`'s bell, newest first, and the total of both kinds. */
export async function listBellFor(
  db: Db,
  userId: number,
  limit = LIST_CAP,
  offset = 0,
): Promise<{ items: JsonItems; total: number }> {
  return bellPage(db, [userId], { limit, offset });
}

/** How many of `userId`'s personal notifications are unread. */
export async function countPersonalUnreadFor(db: DB, userId: number) {
  const { total } = await db
    .selectFrom('user_notifications')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Whether the broadcast `id` exists. */
export async function broadcastExists(db: DB, id: number) {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether `userId` has the personal notification `id`: another user's is as good as missing. */
export async function ownsPersonal(db: DB, userId: number, id: number) {
  const row = await db
    .selectFrom('user_notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Marks `userId`'s own unread ones among `ids` (every one when `ids` is 'all') as read, and
 * raises the user's version of the list when any changed: in the caller's transaction.
 */
export async function markPersonalRead(db: DB, userId: number, ids: readonly number[] | 'all') {
  if (ids !== 'all' && ids.length === 0) return;
  let update = db
    .updateTable('user_notifications')
    .set({ read_at: nowTimestamp() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') update = update.where('id', 'in', [...new Set(ids)]);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows > 0n) await raiseListVersions(db, 'user_notifications', [userId]);
}

/** Marks every broadcast `userId` has not read as read; marking twice changes nothing. */
export async function markEveryBroadcastRead(db: DB, userId: number) {
  const now = nowTimestamp();
  const insert = () =>
    db
      .insertInto('notification_reads')
      .columns(['user_id', 'notification_id', 'read_at'])
      .expression((eb) =>
        eb
          .selectFrom('notifications as n')
          .select([eb.val(userId).as('user_id'), 'n.id', eb.val(now).as('read_at')])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('notification_reads as r')
                  .select('r.user_id')
                  .whereRef('r.notification_id', '=', 'n.id')
                  .where('r.user_id', '=', userId),
              ),
            ),
          ),
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

/** A personal notification waiting to be mailed, with where to. */
export type PendingMail = {
  id: number;
  title: string;
  message: string;
  email: string;
  username: string;
};

/** The oldest notifications waiting to be mailed, at most `limit`. */
export async function pendingMails(db: DB, limit: number): Promise<PendingMail[]> {
  const rows = await db
    .selectFrom('user_notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .where('n.mail_pending', '=', 1)
    .select(['n.id', 'n.title', 'n.message', 'u.email', 'u.username'])
    .orderBy('n.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Takes one notification's mail for sending: true for exactly one caller among all instances,
 * false when another has taken it already.
 */
export async function claimMail(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable('user_notifications')
    .set({ mail_pending: 0 })
    .where('id', '=', id)
    .where('mail_pending', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
