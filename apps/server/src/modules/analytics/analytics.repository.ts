import type { Kysely } from 'kysely';
import { utcDay } from '../../db/codecs.js';
import type { Database, Engine } from '../../db/schema.js';
import { openingOf, plainText } from '../blogs/blog-html.js';
import { addDays, monthStart, weekStart } from './utc-days.js';

type DB = Kysely<Database>;

const LATEST_BLOGS = 5;
/** SPEC: the first 100 characters of the content. */
const PREVIEW_LENGTH = 100;

async function countRows(db: DB, table: 'users' | 'blogs' | 'games') {
  const { total } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

async function visitorsSince(db: DB, day: string) {
  const { total } = await db
    .selectFrom('visitors_daily')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('day', '>=', day)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The admin dashboard's counts. Visitors over several days are distinct visitors per day, summed. */
export async function getStats(db: DB, today: string) {
  const [users, articles, games, visitorsToday, visitorsThisWeek, visitorsThisMonth, latest] =
    await Promise.all([
      countRows(db, 'users'),
      countRows(db, 'blogs'),
      countRows(db, 'games'),
      visitorsSince(db, today),
      visitorsSince(db, weekStart(today)),
      visitorsSince(db, monthStart(today)),
      db
        .selectFrom('blogs')
        .select(['id', 'title', 'content', 'author', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LATEST_BLOGS)
        .execute(),
    ]);
  return {
    stats: { users, articles, games, visitorsToday, visitorsThisWeek, visitorsThisMonth },
    latest_blogs: latest.map((blog) => ({
      ...blog,
      content: openingOf(plainText(blog.content), PREVIEW_LENGTH),
    })),
  };
}

/** One item per day for the last `days` days, oldest first, gaps filled with zeros. */
export async function getVisits(db: DB, engine: Engine, today: string, days: number) {
  const first = addDays(today, -(days - 1));
  const newUserDay = utcDay(engine, 'created_at');
  const [views, visitors, signups] = await Promise.all([
    db
      .selectFrom('page_views_daily')
      .select(['day', (eb) => eb.fn.sum<number>('views').as('total')])
      .where('day', '>=', first)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('visitors_daily')
      .select(['day', (eb) => eb.fn.countAll<number>().as('total')])
      .where('day', '>=', first)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('users')
      .select([newUserDay.as('day'), (eb) => eb.fn.countAll<number>().as('total')])
      .where('created_at', '>=', `${first}T00:00:00.000Z`)
      .groupBy(newUserDay)
      .execute(),
  ]);
  const byDay = (rows: { day: string; total: number | string }[]) =>
    new Map(rows.map((r) => [r.day, Number(r.total)]));
  const viewsByDay = byDay(views);
  const visitorsByDay = byDay(visitors);
  const signupsByDay = byDay(signups);
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return {
      day,
      visits: viewsByDay.get(day) ?? 0,
      visitors: visitorsByDay.get(day) ?? 0,
      month: day.slice(0, 7),
      newUsers: signupsByDay.get(day) ?? 0,
    };
  });
}

/**
 * The day's salt: the stored one, else `candidate` stored now (instances race here and all read
 * the winner). Older salts are deleted, so a stored hash can no longer be tied to an address.
 */
export async function saltOfDay(db: DB, day: string, candidate: string) {
  await db
    .insertInto('visit_salts')
    .values({ day, salt: candidate })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const { salt } = await db
    .selectFrom('visit_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('visit_salts').where('day', '<', day).execute();
  return salt;
}

/** One more view of the path that day, and the visitor (a daily hash) counted once. */
export async function countVisit(db: DB, day: string, path: string, visitor: string) {
  await db
    .insertInto('page_views_daily')
    .values({ day, path, views: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'path'])
        .doUpdateSet((eb) => ({ views: eb('page_views_daily.views', '+', 1) })),
    )
    .execute();
  await db
    .insertInto('visitors_daily')
    .values({ day, visitor })
    .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
    .execute();
}
