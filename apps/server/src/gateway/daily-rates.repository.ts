import type { Kysely } from 'kysely';
import type { PriceSeries } from '../config.js';
import { raiseSharedListVersion } from '../db/list-versions.repository.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transactions.js';

type DB = Kysely<Database>;

/**
 * Runs `write` and raises the daily figures' shared version in one transaction (the caller's, if
 * it is in one): the activity's kept answers are valued from these rows (http-cache's keptAnswers).
 */
function versioned(db: DB, write: (db: DB) => Promise<unknown>) {
  return inTransaction(db, async (trx) => {
    await write(trx);
    await raiseSharedListVersion(trx, 'daily_rates');
  });
}

/** A token's price (a PriceSeries: `pixels`, `axs`, `slp`, ...) or the USD→IDR rate (`usd-idr`), one per day. */
export type DailySeries = PriceSeries | 'usd-idr';

/** The figure kept for `day`: a value, or null when the service had none when asked at asOf. */
export function readDailyValue(db: DB, series: DailySeries, day: string) {
  return db
    .selectFrom('daily_rates')
    .select(['value', 'as_of as asOf'])
    .where('series', '=', series)
    .where('day', '=', day)
    .executeTakeFirst();
}

export async function writeDailyValue(
  db: DB,
  series: DailySeries,
  day: string,
  value: number | null,
  asOf: string,
) {
  await versioned(db, (trx) =>
    trx
      .insertInto('daily_rates')
      .values({ series, day, value, as_of: asOf })
      .onConflict((oc) => oc.columns(['series', 'day']).doUpdateSet({ value, as_of: asOf }))
      .execute(),
  );
}

/** The figures kept for `first` to `last` (inclusive), with when each was asked. */
export function readDailyValues(db: DB, series: DailySeries, first: string, last: string) {
  return db
    .selectFrom('daily_rates')
    .select(['day', 'value', 'as_of as asOf'])
    .where('series', '=', series)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .execute();
}

/** Several days' figures of a series, asked at `asOf`, in one statement. */
export async function writeDailyValues(
  db: DB,
  series: DailySeries,
  days: { day: string; value: number | null }[],
  asOf: string,
) {
  if (days.length === 0) return;
  await versioned(db, (trx) =>
    trx
      .insertInto('daily_rates')
      .values(days.map(({ day, value }) => ({ series, day, value, as_of: asOf })))
      .onConflict((oc) =>
        oc.columns(['series', 'day']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          as_of: eb.ref('excluded.as_of'),
        })),
      )
      .execute(),
  );
}

const DAY_MS = 86_400_000;
const distance = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;

/** The known figure of the day closest to `day` (the earlier one on a tie), with its day. */
export async function nearestDailyValue(db: DB, series: DailySeries, day: string) {
  const side = (direction: 'before' | 'after') =>
    db
      .selectFrom('daily_rates')
      .select(['day', 'value'])
      .where('series', '=', series)
      .where('value', 'is not', null)
      .where('day', direction === 'before' ? '<=' : '>=', day)
      .orderBy('day', direction === 'before' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const [before, after] = await Promise.all([side('before'), side('after')]);
  const nearest =
    before && after
      ? distance(before.day, day) <= distance(after.day, day)
        ? before
        : after
      : (before ?? after);
  return nearest && nearest.value !== null ? { day: nearest.day, value: nearest.value } : undefined;
}
