import type { Kysely } from 'kysely';
import { LIST_CAP, type TListQuery } from '@nexusplay/contract/lists';
import { decodeBool, encodeBool, nowTimestamp } from '../../db/codecs.js';
import { blockAt, listTotal } from '../../db/list-blocks.js';
import type { Database, Engine } from '../../db/schema.js';
import { searchCatalogue } from '../../db/search.js';

type DB = Kysely<Database>;

export const BLOG_COLUMNS = [
  'id',
  'title',
  'description',
  'description_derived',
  'content',
  'image',
  'author',
  'date',
  'created_at',
] as const;

export type BlogValues = {
  title: string;
  description: string | null;
  description_derived: boolean;
  content: string;
  image: string | null;
  author: string;
  date: string;
};

const MONTHS = { table: 'blog_months', key: 'month' } as const;

type StoredBlog = { description_derived: boolean | number };

/** A row as the API shows it: the flag a boolean on either engine. */
const toBlog = <Row extends StoredBlog>(row: Row) => ({
  ...row,
  description_derived: decodeBool(row.description_derived),
});
const toBlogs = <Row extends StoredBlog>(rows: Row[]) => rows.map(toBlog);
const toStored = (values: BlogValues) => ({
  ...values,
  description_derived: encodeBool(values.description_derived),
});

/** The first day after the month `YYYY-MM`, as a post date. */
function monthAfter(month: string) {
  const [year = 0, number = 0] = month.split('-').map(Number);
  const next = number === 12 ? { year: year + 1, number: 1 } : { year, number: number + 1 };
  return `${String(next.year).padStart(4, '0')}-${String(next.number).padStart(2, '0')}-01`;
}

/**
 * One page of posts, newest first, with the number of matches: exact for the whole list, counted
 * up to a horizon for a search (see db/search.ts).
 */
export async function listBlogs(db: DB, engine: Engine, query: TListQuery) {
  const limit = query.limit ?? LIST_CAP;
  const offset = query.offset ?? 0;
  if (query.q) return searchBlogs(db, engine, query.q, limit, offset);
  const newest = (skip: number, beforeDate?: string) => {
    let page = db.selectFrom('blogs').select(BLOG_COLUMNS);
    if (beforeDate !== undefined) page = page.where('date', '<', beforeDate);
    return page
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(skip)
      .execute()
      .then(toBlogs);
  };
  if (offset === 0) {
    const [items, total] = await Promise.all([newest(0), listTotal(db, MONTHS)]);
    return { items, total };
  }
  // A deep page starts inside one month: skip to that month, then at most its posts.
  const start = await blockAt<string>(db, MONTHS, offset);
  if (!start) return { items: [], total: await listTotal(db, MONTHS) };
  const items = await newest(offset - start.before, monthAfter(start.key));
  return { items, total: start.total };
}

function searchBlogs(db: DB, engine: Engine, text: string, limit: number, offset: number) {
  return searchCatalogue(db, engine, 'blogs', text, offset + limit, (filter) =>
    db
      .selectFrom('blogs')
      .select(BLOG_COLUMNS)
      .where(filter)
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
      .then(toBlogs),
  );
}

export async function getBlog(db: DB, id: number) {
  const row = await db
    .selectFrom('blogs')
    .select(BLOG_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toBlog(row);
}

export async function insertBlog(db: DB, values: BlogValues) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('blogs')
    .values({ ...toStored(values), created_at: now, updated_at: now })
    .returning(BLOG_COLUMNS)
    .executeTakeFirstOrThrow();
  return toBlog(row);
}

export async function updateBlog(db: DB, id: number, values: BlogValues) {
  const row = await db
    .updateTable('blogs')
    .set({ ...toStored(values), updated_at: nowTimestamp() })
    .where('id', '=', id)
    .returning(BLOG_COLUMNS)
    .executeTakeFirst();
  return row && toBlog(row);
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
