import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { TIncomeToken } from '@nexusplay/contract/income';
import type { Database } from '../db/schema.js';
import type { RefreshCoordinator } from './cached-source.js';
import { readDailyValue, writeDailyValue } from './daily-rates.repository.js';
import { fetchJson, UpstreamError } from './fetch-json.js';

/** CoinGecko's coin ids of the tokens. */
const COIN_IDS: Record<TIncomeToken, string> = { pixels: 'pixels', axs: 'axie-infinity' };

/** History calls made back to back at most, before the per-minute rate spaces them out. */
const BURST = 5;
/** A day the service had no price for (before the token traded, or beyond the plan's reach). */
const NO_PRICE_RECHECK_MS = 7 * 86_400_000;
/** Without market data and localisation strings the answer is a few kilobytes. */
const HISTORY_ANSWER = 256 * 1024;

const ZHistory = z.object({
  market_data: z
    .object({
      current_price: z.object({ usd: z.number().positive().finite().optional() }).optional(),
    })
    .optional(),
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

/** An answer about the day asked (it has no price), not about the service being unwell. */
const isAboutTheDay = (error: unknown) =>
  error instanceof UpstreamError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/** YYYY-MM-DD as the history endpoint takes it: DD-MM-YYYY. */
const historyDate = (day: string) => day.split('-').reverse().join('-');

/**
 * A token's price on a past day, from CoinGecko's daily history (its price at 00:00 UTC). A past
 * day's price never changes, so it is asked for once and kept in the database for every user and
 * instance; concurrent requests for the same day share one call, and with a coordinator so do the
 * instances. Calls are rate-limited; after a failure they pause for `retryMs`.
 */
export class PriceHistory {
  private readonly inFlight = new Map<string, Promise<number | undefined>>();
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
  async known(token: TIncomeToken, day: string): Promise<number | undefined> {
    return (await readDailyValue(this.db, token, day))?.value ?? undefined;
  }

  /** The price kept for the day, else asked for now when the limits allow; undefined if unknown. */
  fetch(token: TIncomeToken, day: string): Promise<number | undefined> {
    const key = `${token}:${day}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.resolve(token, day)
        .catch((error: unknown) => {
          this.log.warn({ err: error, source: 'price-history' }, 'price history lookup failed');
          return undefined;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async resolve(token: TIncomeToken, day: string) {
    const kept = await readDailyValue(this.db, token, day);
    if (kept?.value != null) return kept.value;
    if (kept && Date.now() - Date.parse(kept.asOf) < NO_PRICE_RECHECK_MS) return undefined;
    if (!this.mayCall()) return undefined;
    this.allowance -= 1;
    if (!(await this.claim(`history:${token}:${day}`))) {
      this.allowance += 1;
      return undefined;
    }
    return this.ask(token, day);
  }

  private mayCall(now = Date.now()) {
    if (now < this.pausedUntil) return false;
    const earned = ((now - this.allowanceAt) * this.options.callsPerMinute) / 60_000;
    this.allowance = Math.min(this.burst, this.allowance + earned);
    this.allowanceAt = now;
    return this.allowance >= 1;
  }

  /** Whether this instance is the one to ask for the day in this window. */
  private async claim(key: string) {
    if (!this.coordinator) return true;
    try {
      return (await this.coordinator.claim(key, this.options.retryMs)).won;
    } catch (error) {
      this.log.warn({ err: error, source: 'price-history' }, 'history claim failed; asking anyway');
      return true;
    }
  }

  private async ask(token: TIncomeToken, day: string): Promise<number | undefined> {
    const { priceApiUrl, headers, timeoutMs, retryMs } = this.options;
    const url = `${priceApiUrl}/api/v3/coins/${COIN_IDS[token]}/history?date=${historyDate(day)}&localization=false`;
    this.calls += 1;
    const asOf = new Date().toISOString();
    try {
      const parsed = ZHistory.safeParse(
        await fetchJson(url, {
          timeoutMs,
          maxBytes: HISTORY_ANSWER,
          ...(headers ? { headers } : {}),
        }),
      );
      if (!parsed.success) throw new UpstreamError('history answer has an unexpected shape');
      const usd = parsed.data.market_data?.current_price?.usd;
      await writeDailyValue(this.db, token, day, usd ?? null, asOf);
      return usd;
    } catch (error) {
      if (isAboutTheDay(error)) {
        await writeDailyValue(this.db, token, day, null, asOf);
      } else {
        this.pausedUntil = Date.now() + retryMs;
      }
      this.log.warn(
        { source: 'price-history', token, day, reason: (error as Error).message },
        'upstream failed',
      );
      return undefined;
    }
  }
}
