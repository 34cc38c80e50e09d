import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Engine } from '../../db/schema.js';
import { countVisit, getStats, getVisits, saltOfDay } from './analytics.repository.js';
import { utcDayOf } from './utc-days.js';

type DB = Kysely<Database>;

/** What the analytics module needs from the app. */
export type AnalyticsDeps = { db: DB; engine: Engine };

/** Crawlers, previews and automated browsers are not visitors. */
const NOT_A_VISITOR =
  /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|facebookexternalhit|embedly|preview|curl|wget|python|httpclient|okhttp|java\/|go-http|node-fetch|axios/i;

const isVisitorAgent = (userAgent: string | undefined) =>
  Boolean(userAgent) && !NOT_A_VISITOR.test(userAgent!);

/** Admin pages and the API are never counted as page views. */
const isCountedPath = (path: string) => !/^\/(admin|api)(\/|$)/.test(path);

/**
 * The salt of the current day, shared by every instance through the database. Yesterday's salt
 * is deleted once a new day starts, so a stored hash can no longer be tied to an address.
 */
export class DailySalt {
  private current: { day: string; salt: string } | undefined;

  async forDay(db: DB, day: string): Promise<string> {
    if (this.current?.day === day) return this.current.salt;
    const salt = await saltOfDay(db, day, randomBytes(32).toString('hex'));
    this.current = { day, salt };
    return salt;
  }
}

export type Visit = { path: string; ip: string; userAgent: string | undefined; now: Date };

/**
 * Privacy-friendly visitor counts (no cookie, no stored address) and the admin dashboard's
 * figures, counted per UTC day.
 */
export function analyticsService({ db, engine }: AnalyticsDeps) {
  const salts = new DailySalt();

  return {
    /**
     * Counts one page view and, once a day, one visitor; a bot's view or an admin page's is not
     * counted. Two upserts on primary keys: no scan, no cookie, no address stored.
     */
    async recordVisit({ path, ip, userAgent, now }: Visit) {
      if (!isVisitorAgent(userAgent) || !isCountedPath(path)) return;
      const day = utcDayOf(now);
      const salt = await salts.forDay(db, day);
      const visitor = createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex');
      await countVisit(db, day, path, visitor);
    },

    /** The dashboard's counts on the UTC day of `now`. */
    stats: (now: Date) => getStats(db, utcDayOf(now)),

    /** The last `days` days up to the UTC day of `now`. */
    visits: (now: Date, days: number) => getVisits(db, engine, utcDayOf(now), days),
  };
}
