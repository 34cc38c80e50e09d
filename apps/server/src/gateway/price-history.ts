import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PRICE_HISTORY_REACH_DAYS } from '@nexusplay/contract/income';
import { PRICE_SERIES_COINS, type PriceSeries } from '../config.js';
import type { Database } from '../db/schema.js';
import type { RefreshCoordinator } from './cached-source.js';
import { readDailyValue, readDailyValues, writeDailyValues } from './daily-rates.repository.js';
import { fetchJson, UpstreamError } from './fetch-json.js';

/** CoinGecko's coin id of each price series. */
const COIN_IDS: Record<PriceSeries, string> = PRICE_SERIES_COINS;

/** History calls made back to back at most, before the per-minute rate spaces them out. */
const BURST = 5;
/** A day the service had no price for (before the token traded, or a gap in its data). */
const NO_PRICE_RECHECK_MS = 7 * 86_400_000;
/** How far back the plan answers past prices: a day further back is not asked for. */
const HISTORY_REACH_DAYS = PRICE_HISTORY_REACH_DAYS;
/**
 * A day's 00:00 UTC price is published 35 minutes after that midnight, and cached answers expire
 * at 00:40 (CoinGecko's history pages): a day is not asked for before then, so that an answer
 * without it is not kept as the day having no price.
 */
const PUBLISHED_AFTER_MS = 40 * 60_000;
/** A range of more days than this is answered with one point a day, at 00:00 UTC. */
const DAILY_POINTS_ABOVE_DAYS = 90;
/** A year of daily points with market caps and volumes is some 40 kilobytes. */
const HISTORY_ANSWER = 1024 * 1024;
const DAY_MS = 86_400_000;

const ZHistory = z.object({
  market_data: z
    .object({
      current_price: z.object({ usd: z.number().positive().finite().optional() }).optional(),
    })
    .optional(),
});
const ZRange = z.object({
  prices: z.array(z.tuple([z.number().finite(), z.number().finite()]).rest(z.unknown())),
});

export type PriceHistoryOptions = {
  priceApiUrl: string;
  headers: Record<string, string> | undefined;
  timeoutMs: number;
  /** Calls a minute at most, per instance (the free plan allows about 30 in all). */
  callsPerMinute: number;
  /** How long history calls pause after one failed for a reason that is not about its day. */
  retryMs: number;
};

/** An answer about the days asked (no price), not about the service being unwell. */
const isAboutTheDay = (error: unknown) =>
  error instanceof UpstreamError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The first day the plan's reach covers on the UTC day of `now`. */
export const firstReachableDay = (now = Date.now()) =>
  dayAt(midnightOf(dayAt(now)) - HISTORY_REACH_DAYS * DAY_MS);

/** The newest day whose 00:00 UTC price CoinGecko has published by `now`. */
export const latestPublishedDay = (now = Date.now()) => dayAt(now - PUBLISHED_AFTER_MS);

/**
 * A token's price on a past day, from CoinGecko's history (its price at 00:00 UTC). A past day's
 * price never changes, so it is asked for once and kept in the database for every user and
 * instance. A miss asks for every day of the token still missing within the plan's reach at
 * once: one day through `/coins/{id}/history`, several through `/coins/{id}/market_chart/range`
 * (over more than 90 days, so that it answers one point a day at 00:00 UTC). Concurrent misses of
 * a token share that call, and with a coordinator so do the instances. Calls are rate-limited;
 * after a failure they pause for `retryMs`.
 */
export class PriceHistory {
  private readonly inFlight = new Map<PriceSeries, Promise<void>>();
  private pausedUntil = 0;
  private allowance: number;
  private allowanceAt = Date.now();
  /** Upstream calls made by this instance. */
  calls = 0;

  constructor(
    private readonly options: PriceHistoryOptions,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly coordinator?: RefreshCoordinator,
  ) {
    this.allowance = this.burst;
  }

  private get burst() {
    return Math.min(BURST, this.options.callsPerMinute);
  }

  /** The price kept for the day, without asking anyone. */
  async known(series: PriceSeries, day: string): Promise<number | undefined> {
    return (await readDailyValue(this.db, series, day))?.value ?? undefined;
  }

  /** The price kept for the day, else asked for now when the limits allow; undefined if unknown. */
  async fetch(series: PriceSeries, day: string): Promise<number | undefined> {
    try {
      return await this.resolve(series, day);
    } catch (error) {
      this.log.warn({ err: error, source: 'price-history' }, 'price history lookup failed');
      return undefined;
    }
  }

  /**
   * Every day of the series still missing within reach, asked for in one call when the limits
   * allow (the work no one waits on: the days of the chain's transfers). No call when none is
   * missing; true when days are still missing afterwards (held back by the rate, or failed).
   */
  async complete(series: PriceSeries): Promise<boolean> {
    try {
      if ((await this.missingDays(series)).length === 0) return false;
      await this.ask(series);
      return (await this.missingDays(series)).length > 0;
    } catch (error) {
      this.log.warn({ err: error, source: 'price-history' }, 'price history lookup failed');
      return true;
    }
  }

  private async resolve(series: PriceSeries, day: string) {
    const kept = await readDailyValue(this.db, series, day);
    if (kept?.value != null) return kept.value;
    if (kept && Date.now() - Date.parse(kept.asOf) < NO_PRICE_RECHECK_MS) return undefined;
    if (day < firstReachableDay() || day > latestPublishedDay()) return undefined;
    await this.ask(series);
    return this.known(series, day);
  }

  /** The one call for the series' missing days, shared by concurrent askers; none over the rate. */
  private async ask(series: PriceSeries) {
    let pending = this.inFlight.get(series);
    if (!pending) {
      if (!this.mayCall()) return;
      this.allowance -= 1;
      pending = this.askMissing(series).finally(() => this.inFlight.delete(series));
      this.inFlight.set(series, pending);
    }
    await pending;
  }

  private mayCall(now = Date.now()) {
    if (now < this.pausedUntil) return false;
    const earned = ((now - this.allowanceAt) * this.options.callsPerMinute) / 60_000;
    this.allowance = Math.min(this.burst, this.allowance + earned);
    this.allowanceAt = now;
    return this.allowance >= 1;
  }

  /** Whether this instance is the one to ask for these days in this window. */
  private async claim(key: string) {
    if (!this.coordinator) return true;
    try {
      return (await this.coordinator.claim(key, this.options.retryMs)).won;
    } catch (error) {
      this.log.warn({ err: error, source: 'price-history' }, 'history claim failed; asking anyway');
      return true;
    }
  }

  /** The series' days within reach, up to the latest one published, that have no figure kept. */
  private async missingDays(series: PriceSeries, now = Date.now()) {
    const first = firstReachableDay(now);
    const last = latestPublishedDay(now);
    const recheckBefore = new Date(now - NO_PRICE_RECHECK_MS).toISOString();
    const settled = new Set(
      (await readDailyValues(this.db, series, first, last))
        .filter((row) => row.value !== null || row.asOf >= recheckBefore)
        .map((row) => row.day),
    );
    const missing: string[] = [];
    for (let at = midnightOf(first); at <= midnightOf(last); at += DAY_MS) {
      if (!settled.has(dayAt(at))) missing.push(dayAt(at));
    }
    return missing;
  }

  private async askMissing(series: PriceSeries) {
    const missing = await this.missingDays(series);
    if (missing.length === 0) return;
    const first = missing[0]!;
    const last = missing[missing.length - 1]!;
    if (!(await this.claim(`history:${series}:${first}:${last}`))) {
      this.allowance += 1;
      return;
    }
    const asOf = new Date().toISOString();
    this.calls += 1;
    try {
      const prices =
        missing.length === 1
          ? await this.askDay(series, first)
          : await this.askRange(series, first, last);
      await writeDailyValues(
        this.db,
        series,
        missing.map((missingDay) => ({ day: missingDay, value: prices.get(missingDay) ?? null })),
        asOf,
      );
    } catch (error) {
      if (isAboutTheDay(error)) {
        await writeDailyValues(
          this.db,
          series,
          missing.map((missingDay) => ({ day: missingDay, value: null })),
          asOf,
        );
      } else {
        this.pausedUntil = Date.now() + this.options.retryMs;
      }
      this.log.warn(
        { source: 'price-history', series, first, last, reason: (error as Error).message },
        'upstream failed',
      );
    }
  }

  private request(path: string) {
    const { priceApiUrl, headers, timeoutMs } = this.options;
    return fetchJson(`${priceApiUrl}/api/v3/coins/${path}`, {
      timeoutMs,
      maxBytes: HISTORY_ANSWER,
      ...(headers ? { headers } : {}),
    });
  }

  /** One day's price, as `/coins/{id}/history` documents its date: YYYY-MM-DD. */
  private async askDay(series: PriceSeries, day: string) {
    const parsed = ZHistory.safeParse(
      await this.request(`${COIN_IDS[series]}/history?date=${day}&localization=false`),
    );
    if (!parsed.success) throw new UpstreamError('history answer has an unexpected shape');
    const usd = parsed.data.market_data?.current_price?.usd;
    return new Map(usd === undefined ? [] : [[day, usd]]);
  }

  /**
   * The prices at 00:00 UTC of `first` to `last`, from `/coins/{id}/market_chart/range` with
   * UNIX-second bounds: a range shorter than 91 days is widened back (within reach), since only a
   * longer one is answered with daily points.
   */
  private async askRange(series: PriceSeries, first: string, last: string) {
    const to = midnightOf(last) + 60 * 60_000;
    const widest = midnightOf(firstReachableDay());
    const from = Math.max(
      widest,
      Math.min(midnightOf(first), to - (DAILY_POINTS_ABOVE_DAYS + 1) * DAY_MS),
    );
    const parsed = ZRange.safeParse(
      await this.request(
        `${COIN_IDS[series]}/market_chart/range?vs_currency=usd&from=${seconds(from)}&to=${seconds(to)}`,
      ),
    );
    if (!parsed.success) throw new UpstreamError('range answer has an unexpected shape');
    const prices = new Map<string, number>();
    for (const [at, usd] of parsed.data.prices) {
      // The daily points are at 00:00 UTC; the latest price, at the time asked, is not one.
      if (at % DAY_MS === 0 && usd > 0) prices.set(dayAt(at), usd);
    }
    return prices;
  }
}
