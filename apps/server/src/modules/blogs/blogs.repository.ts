import type { Kysely } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database, Engine } from '../../db/schema.js';
import { matchesSearch } from '../../db/search.js';

type DB = Kysely<Database>;

export const BLOG_COLUMNS = [
  'id',
  'title',
  'description',
  'content',
  'image',
  'author',
  'date',
  'created_at',
] as const;

export type BlogQuery = {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};
export type BlogValues = {
  title: string;
  description: string | null;
  content: string;
  image: string | null;
  author: string;
  date: string;
};

/** One page of posts, newest first, with the number of all matches. */
export async function listBlogs(db: DB, engine: Engine, query: BlogQuery) {
  const base = query.q
    ? db.selectFrom('blogs').where(matchesSearch(engine, 'blogs', query.q))
    : db.selectFrom('blogs');
  const [items, count] = await Promise.all([
    base
      .select(BLOG_COLUMNS)
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit ?? LIST_CAP)
      .offset(query.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export function getBlog(db: DB, id: number) {
  return db.selectFrom('blogs').select(BLOG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertBlog(db: DB, values: BlogValues) {
  const now = nowTimestamp();
  return db
    .insertInto('blogs')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(BLOG_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateBlog(db: DB, id: number, values: BlogValues) {
  return db
    .updateTable('blogs')
    .set({ ...values, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .returning(BLOG_COLUMNS)
    .executeTakeFirst();
}

export function deleteBlog(db: DB, id: number) {
  return db.deleteFrom('blogs').where('id', '=', id).returning(['id', 'image']).executeTakeFirst();
}

/** The newest posts with what a feed or a sitemap needs. */
export function latestBlogs(db: DB, limit: number) {
  return db
    .selectFrom('blogs')
    .select(['id', 'title', 'description', 'date', 'updated_at'])
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
