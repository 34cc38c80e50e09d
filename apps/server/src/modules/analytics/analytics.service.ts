import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countVisit, saltOfDay } from './analytics.repository.js';
import { utcDayOf } from './utc-days.js';

type DB = Kysely<Database>;

/** Crawlers, previews and automated browsers are not visitors. */
const NOT_A_VISITOR =
  /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|facebookexternalhit|embedly|preview|curl|wget|python|httpclient|okhttp|java\/|go-http|node-fetch|axios/i;

export const isVisitorAgent = (userAgent: string | undefined) =>
  Boolean(userAgent) && !NOT_A_VISITOR.test(userAgent!);

/** Admin pages and the API are never counted as page views. */
export const isCountedPath = (path: string) => !/^\/(admin|api)(\/|$)/.test(path);

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
  await countVisit(db, day, visit.path, visitor);
}
