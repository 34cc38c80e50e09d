import { sql, type Kysely } from 'kysely';
import type { TLinkFields } from '@nexusplay/contract/links';
import { nowTimestamp } from '../../db/codecs.js';
import { LIST_CAP } from '@nexusplay/contract/lists';
import { compiledPageWithTotal, pageWithTotal } from '../../db/paged-list.js';
import {
  personalListTotal,
  searchCandidates,
  searchPostgres,
  searchTextContains,
} from '../../db/personal-search.js';
import type { Database, Engine } from '../../db/schema.js';
import { containsInsensitive, SEARCH_COUNT_LOOKAHEAD } from '../../db/search.js';
import { batches, inBatches } from '../../lib/row-import.js';

type DB = Kysely<Database>;

export type LinkValues = TLinkFields;

const COLUMNS = ['id', 'user_id', 'title', 'url', 'category', 'created_at'] as const;

type LinkRow = {
  id: number;
  user_id: number;
  title: string;
  url: string;
  category: string | null;
  created_at: string;
};

/** The first pages every link tool asks, without a search: one shape, compiled once. */
const linksPage = compiledPageWithTotal<[userId: number], LinkRow, LinkRow>((db, arg) => ({
  rows: db.selectFrom('links').where('user_id', '=', arg(0)).select(COLUMNS).orderBy('id'),
  totalOf: { expression: personalListTotal(db, arg(0), 'links') },
  toItem: (row) => ({
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    url: row.url,
    category: row.category,
    created_at: row.created_at,
  }),
}));

/** A page of the user's links and the total, as listWallets. */
export async function listLinks(
  db: DB,
  engine: Engine,
  userId: number,
  query: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined },
) {
  const q = query.q;
  if (!q) return linksPage(db, [userId], query);
  const upTo = (query.offset ?? 0) + (query.limit ?? LIST_CAP) + SEARCH_COUNT_LOOKAHEAD;
  if (engine === 'postgres') {
    return searchPostgres<'links', LinkRow>(
      db,
      'links',
      userId,
      COLUMNS,
      { limit: query.limit ?? LIST_CAP, offset: query.offset ?? 0, upTo },
      () => searchTextContains('links', q),
    );
  }
  let base = db.selectFrom('links').where('user_id', '=', userId);
  const candidates = await searchCandidates(db, 'links', userId, q);
  if (candidates) base = base.where(candidates);
  base = base.where((eb) =>
    eb.or([containsInsensitive('title', q), containsInsensitive(sql`coalesce(category, '')`, q)]),
  );
  return pageWithTotal(base.select(COLUMNS).orderBy('id'), query, { upTo });
}

/** The user's links after the id `after`, `limit` of them in id order (a page of an export). */
export function linksAfter(db: DB, userId: number, after: number, limit: number) {
  return db
    .selectFrom('links')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Which of `urls` the user has saved already, asked in batches, so the file's size bounds it. */
export async function existingUrls(db: DB, userId: number, urls: readonly string[]) {
  const found = new Set<string>();
  await inBatches(urls, async (batch) => {
    const rows = await db
      .selectFrom('links')
      .select('url')
      .where('user_id', '=', userId)
      .where('url', 'in', batch)
      .execute();
    for (const row of rows) found.add(row.url);
  });
  return found;
}

/**
 * Saves imported links a few hundred to a statement, back to back: inside a transaction on
 * SQLite's one connection, a turn for other requests would only keep their queries waiting.
 */
export async function insertLinks(db: DB, userId: number, links: readonly LinkValues[]) {
  const now = nowTimestamp();
  for (const batch of batches(links)) {
    await db
      .insertInto('links')
      .values(batch.map((link) => ({ ...link, user_id: userId, created_at: now, updated_at: now })))
      .execute();
  }
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
