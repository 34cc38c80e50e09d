import { sql, type Kysely } from 'kysely';
import { nowTimestamp } from '../../db/codecs.js';
import { pageWithTotal } from '../../db/paged-list.js';
import type { Database } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';

type DB = Kysely<Database>;

export type LinkValues = { title: string; url: string; category: string | null };

const COLUMNS = ['id', 'user_id', 'title', 'url', 'category', 'created_at'] as const;

export async function listLinks(
  db: DB,
  userId: number,
  query: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined },
) {
  let base = db.selectFrom('links').where('user_id', '=', userId);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([containsInsensitive('title', q), containsInsensitive(sql`coalesce(category, '')`, q)]),
    );
  }
  return pageWithTotal(base.select(COLUMNS).orderBy('id'), query);
}

export function allLinks(db: DB, userId: number) {
  return db
    .selectFrom('links')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function existingUrls(db: DB, userId: number) {
  const rows = await db.selectFrom('links').select('url').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.url));
}

export function insertLink(db: DB, userId: number, values: LinkValues) {
  const now = nowTimestamp();
  return db
    .insertInto('links')
    .values({ ...values, user_id: userId, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Changes a link of `userId`; another user's link is not found. */
export function updateLink(db: DB, userId: number, id: number, values: LinkValues) {
  return db
    .updateTable('links')
    .set({ ...values, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export function deleteLink(db: DB, userId: number, id: number) {
  return db
    .deleteFrom('links')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
}
