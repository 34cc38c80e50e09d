import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type DB = Kysely<Database>;

/** Crawlers, previews and automated browsers are not visitors. */
const NOT_A_VISITOR =
  /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|facebookexternalhit|embedly|preview|curl|wget|python|httpclient|okhttp|java\/|go-http|node-fetch|axios/i;

export const isVisitorAgent = (userAgent: string | undefined) =>
  Boolean(userAgent) && !NOT_A_VISITOR.test(userAgent!);

/** Admin pages and the API are never counted as page views. */
export const isCountedPath = (path: string) => !/^\/(admin|api)(\/|$)/.test(path);

export const utcDayOf = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, delta: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return utcDayOf(date);
}

/** Monday of the ISO week that holds `day`. */
export function weekStart(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The salt of the current day, shared by every instance through the database. Yesterday's salt
 * is deleted once a new day starts, so a stored hash can no longer be tied to an address.
 */
export class DailySalt {
  private current: { day: string; salt: string } | undefined;

  async forDay(db: DB, day: string): Promise<string> {
    if (this.current?.day === day) return this.current.salt;
    await db
      .insertInto('visit_salts')
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const { salt } = await db
      .selectFrom('visit_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('visit_salts').where('day', '<', day).execute();
    this.current = { day, salt };
    return salt;
  }
}

export type Visit = { path: string; ip: string; userAgent: string; now: Date };

/**
 * Counts one page view and, once a day, one visitor. Two upserts on primary keys: no scan, no
 * cookie, no address stored.
 */
export async function recordVisit(db: DB, salts: DailySalt, visit: Visit) {
  const day = utcDayOf(visit.now);
  const salt = await salts.forDay(db, day);
  const visitor = createHash('sha256')
    .update(`${salt}\n${visit.ip}\n${visit.userAgent}`)
    .digest('hex');
  await db
    .insertInto('page_views_daily')
    .values({ day, path: visit.path, views: 1 })
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
