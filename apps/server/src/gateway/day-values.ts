import type { Kysely } from 'kysely';
import type { TIncomeToken } from '@nexusplay/contract/income';
import type { Database } from '../db/schema.js';
import { dayIn } from '../lib/dates.js';
import type { CachedSource } from './cached-source.js';
import { nearestDailyValue, readDailyValue } from './daily-rates.repository.js';
import type { PriceHistory } from './price-history.js';

/** What a record dated on a day is valued at; null while a figure is not known. */
export type DayValuation = {
  priceUsd: number | null;
  usdIdr: number | null;
  /** The day whose rate usdIdr is: the record's day, or the nearest day one is known for. */
  usdIdrDate: string | null;
};

/** Only read: a source of more tokens' prices than the income pages' serves as well. */
type LiveSource<T> = Pick<CachedSource<T>, 'get' | 'latest'>;

type LiveSources = {
  prices: LiveSource<Record<TIncomeToken, { usd: number }>>;
  fx: LiveSource<number>;
};

export type DayValueOptions = {
  wait: boolean;
  /** Whether the price is wanted (default true); a record that has one needs only the rate. */
  price?: boolean;
  /** Whether the rate is wanted (default true). */
  rate?: boolean;
};

const PENDING: DayValuation = { priceUsd: null, usdIdr: null, usdIdrDate: null };

/**
 * The token price and USD→IDR rate of a calendar day (in `timeZone`): today's live figures for
 * today; for a past day the price history and the rate kept for that day, else the nearest day's
 * rate; nothing for a day still to come.
 *
 * With `wait`, a missing figure is asked for and waited on (a save, which answers once). Without,
 * what is known is answered at once and a missing figure is asked for in the background (a list
 * read, which the open page repeats every few seconds).
 */
export class DayValues {
  constructor(
    private readonly live: LiveSources,
    private readonly history: PriceHistory,
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  async on(
    token: TIncomeToken,
    day: string,
    { wait, price = true, rate: withRate = true }: DayValueOptions,
  ): Promise<DayValuation> {
    const today = dayIn(this.timeZone);
    if (day > today) return PENDING;
    const [priceUsd, rate] = await Promise.all([
      price ? this.priceOn(token, day, today, wait) : undefined,
      withRate ? this.rateOn(day, today, wait) : undefined,
    ]);
    return {
      priceUsd: priceUsd ?? null,
      usdIdr: rate?.value ?? null,
      usdIdrDate: rate?.day ?? null,
    };
  }

  private isToday(asOf: string | null, today: string) {
    return asOf !== null && dayIn(this.timeZone, new Date(asOf)) === today;
  }

  private async priceOn(token: TIncomeToken, day: string, today: string, wait: boolean) {
    if (day === today) {
      const prices = wait ? await this.live.prices.get() : await this.live.prices.latest();
      return this.isToday(prices.asOf, today) ? prices.value[token].usd : undefined;
    }
    if (wait) return this.history.fetch(token, day);
    const known = await this.history.known(token, day);
    if (known === undefined) void this.history.fetch(token, day);
    return known;
  }

  private async rateOn(day: string, today: string, wait: boolean) {
    // A good answer of the rate service is kept as its day's rate (see Gateway), so the live
    // source is only asked to refresh here; the figure is read back by day.
    if (day === today) await (wait ? this.live.fx.get() : this.live.fx.latest());
    const exact = await readDailyValue(this.db, 'usd-idr', day);
    if (exact?.value != null) return { day, value: exact.value };
    // Today's rate is the service's latest: wait for it rather than borrow yesterday's.
    if (day === today) return undefined;
    const nearest = await nearestDailyValue(this.db, 'usd-idr', day);
    if (nearest || !wait) {
      if (!nearest) void this.live.fx.latest();
      return nearest;
    }
    await this.live.fx.get();
    return nearestDailyValue(this.db, 'usd-idr', day);
  }
}
