import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { TMarketItem, TMarketResponse, TPricesResponse } from '@nexusplay/contract/market';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { BalanceCache } from './balances.js';
import { CachedSource, Dated, type RefreshCoordinator, type SourceValue } from './cached-source.js';
import { fetchJson, UpstreamError } from './fetch-json.js';
import { MARKET_SAMPLE } from './market-sample.js';
import { normaliseMarket } from './market.js';
import { describeSource } from './sources.js';
import { writeDailyValue } from './daily-rates.repository.js';
import { DayValues } from './day-values.js';
import { PriceHistory } from './price-history.js';
import { dayIn } from '../lib/dates.js';

/** SPEC 8: the rate used when the exchange-rate service has never answered. */
export const FALLBACK_USD_IDR = 15_000;

const SMALL_ANSWER = 64 * 1024;
const MARKET_ANSWER = 5 * 1024 * 1024;

const ZPrice = z.object({
  usd: z.number().nonnegative().finite(),
  /** When CoinGecko last updated the price (UNIX seconds), asked with include_last_updated_at. */
  last_updated_at: z.number().int().positive().optional().catch(undefined),
});
/**
 * CoinGecko's ids of the priced tokens, by the gateway's name for each: PIXEL and AXS (the income
 * pages' two, which must be in the answer) and the portfolio's others, which may be missing.
 */
const COIN_IDS = {
  pixels: 'pixels',
  axs: 'axie-infinity',
  ron: 'ronin',
  slp: 'smooth-love-potion',
  weth: 'weth',
  usdc: 'usd-coin',
} as const;
const ZSimplePrice = z.object({
  pixels: ZPrice,
  'axie-infinity': ZPrice,
  ronin: ZPrice.optional().catch(undefined),
  'smooth-love-potion': ZPrice.optional().catch(undefined),
  weth: ZPrice.optional().catch(undefined),
  'usd-coin': ZPrice.optional().catch(undefined),
});
const ZRates = z.object({
  rates: z.object({ IDR: z.number().positive().finite() }),
  /** When the service last updated its rates (once a day), as its open access endpoint says. */
  time_last_update_unix: z.number().int().positive().optional().catch(undefined),
});

/** The upstream's own time (UNIX seconds) as an "as of", else the time of the fetch. */
const datedBy = <T>(value: T, unixSeconds: number | undefined) =>
  unixSeconds === undefined ? value : new Dated(value, new Date(unixSeconds * 1000).toISOString());

const sameSourceValue = <T>(a: SourceValue<T>, b: SourceValue<T>) =>
  a.value === b.value && a.asOf === b.asOf && a.stale === b.stale && a.checking === b.checking;

/** A source's credit with its time and state; `checking` only while it is true. */
const sourceState = (source: SourceValue<unknown>) => ({
  asOf: source.asOf,
  stale: source.stale,
  ...(source.checking ? { checking: true } : {}),
});

/** The USD price of each token; one the service did not answer for has none ("no price"). */
export type TokenPrices = { pixels: { usd: number }; axs: { usd: number } } & Partial<
  Record<'ron' | 'slp' | 'weth' | 'usdc', { usd: number }>
>;

/**
 * Told of each new prices answer this instance obtained from the price service, with the USD→IDR
 * rate known then (null while the exchange-rate service has never answered: only the fallback).
 * With a coordinator only the instance that made the call is told, once per refresh. Listeners
 * run in the background, in the order of the refreshes.
 */
export type PricesListener = (prices: TokenPrices, usdIdr: number | null) => Promise<void>;

/**
 * The server's side of third-party data: token prices, the USD→IDR rate and the game market.
 * Addresses come from configuration only; nothing a client sends changes where it connects.
 */
export class Gateway {
  readonly prices: CachedSource<TokenPrices>;
  readonly fx: CachedSource<number>;
  readonly market: CachedSource<Record<string, TMarketItem[]>>;
  /** The price and rate of a record's day. */
  readonly days: DayValues;
  /** The tokens' daily prices, kept in the database (the days of income and of the activity). */
  readonly history: PriceHistory;
  /** Each tracked wallet's balances on Ronin. */
  readonly balances: BalanceCache;

  constructor(
    config: Config['gateway'],
    db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    coordinator?: RefreshCoordinator,
  ) {
    const options = (maxBytes: number, headers?: Record<string, string>) => ({
      timeoutMs: config.timeoutMs,
      maxBytes,
      ...(headers ? { headers } : {}),
    });
    const peerWaitMs = config.timeoutMs + 250;
    const priceHeaders = config.priceApiKey
      ? { [config.priceApiKeyHeader]: config.priceApiKey }
      : undefined;

    this.prices = new CachedSource<TokenPrices>(
      {
        name: 'prices',
        ttlMs: config.priceTtlMs,
        fallback: { pixels: { usd: 0 }, axs: { usd: 0 } },
        peerWaitMs,
        // The listeners run after the refresh, one refresh after another, so that neither this
        // instance's readers nor the instances waiting for the shared value wait on them.
        onFresh: async (prices) => {
          this.pricesTold = this.pricesTold.then(() => this.tellPrices(prices));
        },
        load: async () => {
          const ids = Object.values(COIN_IDS).join(',');
          const url = `${config.priceApiUrl}/api/v3/simple/price?ids=${ids}&vs_currencies=usd&include_last_updated_at=true`;
          const parsed = ZSimplePrice.safeParse(
            await fetchJson(url, options(SMALL_ANSWER, priceHeaders)),
          );
          if (!parsed.success) throw new UpstreamError('price answer has an unexpected shape');
          const usd = (price: { usd: number }) => ({ usd: price.usd });
          const prices: TokenPrices = {
            pixels: usd(parsed.data.pixels),
            axs: usd(parsed.data['axie-infinity']),
          };
          for (const name of ['ron', 'slp', 'weth', 'usdc'] as const) {
            const price = parsed.data[COIN_IDS[name]];
            if (price) prices[name] = usd(price);
          }
          // The prices are as of the older of the two the income pages show.
          const updated = [parsed.data.pixels, parsed.data['axie-infinity']].map(
            (price) => price.last_updated_at,
          );
          return datedBy(
            prices,
            updated.every((at) => at !== undefined) ? Math.min(...updated) : undefined,
          );
        },
      },
      db,
      log,
      coordinator,
    );

    this.fx = new CachedSource<number>(
      {
        name: 'fx',
        ttlMs: config.fxTtlMs,
        fallback: FALLBACK_USD_IDR,
        peerWaitMs,
        // The latest rate fetched on each day is kept as that day's, for the records dated on it.
        onFresh: (rate, fetchedAt) =>
          writeDailyValue(
            db,
            'usd-idr',
            dayIn(config.timeZone, new Date(fetchedAt)),
            rate,
            fetchedAt,
          ),
        load: async () => {
          const parsed = ZRates.safeParse(await fetchJson(config.fxApiUrl, options(SMALL_ANSWER)));
          if (!parsed.success) throw new UpstreamError('exchange-rate answer has no IDR rate');
          return datedBy(parsed.data.rates.IDR, parsed.data.time_last_update_unix);
        },
      },
      db,
      log,
      coordinator,
    );

    const marketUrl = config.marketApiUrl;
    this.market = new CachedSource<Record<string, TMarketItem[]>>(
      {
        name: marketUrl ? 'market' : 'market-sample',
        ttlMs: config.marketTtlMs,
        fallback: {},
        peerWaitMs,
        load: async () =>
          normaliseMarket(
            marketUrl
              ? await fetchJson(marketUrl, options(MARKET_ANSWER))
              : { data: MARKET_SAMPLE },
          ),
      },
      db,
      log,
      coordinator,
    );
    this.isSample = !marketUrl;
    this.balances = new BalanceCache(config, db, log, coordinator);
    this.history = new PriceHistory(
      {
        priceApiUrl: config.priceApiUrl,
        headers: priceHeaders,
        timeoutMs: config.timeoutMs,
        callsPerMinute: config.priceHistoryPerMinute,
        // A failed history call is not repeated sooner than the current prices are asked again.
        retryMs: config.priceTtlMs,
      },
      db,
      log,
      coordinator,
    );
    this.days = new DayValues(
      { prices: this.prices, fx: this.fx },
      this.history,
      db,
      config.timeZone,
    );
    this.priceSource = describeSource(config.priceApiUrl);
    this.rateSource = describeSource(config.fxApiUrl);
  }

  private readonly isSample: boolean;
  private readonly pricesListeners: PricesListener[] = [];
  private pricesTold: Promise<void> = Promise.resolve();

  /** Adds a listener of new prices (see PricesListener); it runs after each refresh's call. */
  onPrices(listener: PricesListener) {
    this.pricesListeners.push(listener);
  }

  private async tellPrices(prices: TokenPrices) {
    // The listeners of when the refresh is told: one added meanwhile hears the next refresh.
    const listeners = [...this.pricesListeners];
    if (listeners.length === 0) return;
    try {
      // The rate as any reader has it now, without waiting on the exchange-rate service.
      const fx = await this.fx.latest();
      const usdIdr = fx.asOf === null ? null : fx.value;
      for (const listener of listeners) {
        await listener(prices, usdIdr).catch((error: unknown) =>
          this.log.warn({ err: error }, 'a prices listener failed'),
        );
      }
    } catch (error) {
      this.log.warn({ err: error }, 'new prices not told to their listeners');
    }
  }

  private readonly priceSource: { name: string; url: string | null };
  private readonly rateSource: { name: string; url: string | null };

  /** The last prices answer with what it was made of: the same answer while both are unchanged. */
  private lastPrices:
    | { prices: SourceValue<TokenPrices>; fx: SourceValue<number>; answer: TPricesResponse }
    | undefined;

  /**
   * The prices answer; the same object while both sources are unchanged. Answered at once while
   * both values are in memory and fresh (nearly every poll), else once the sources have synced.
   */
  getPrices(): TPricesResponse | Promise<TPricesResponse> {
    const now = Date.now();
    const prices = this.prices.peek(now);
    const fx = this.fx.peek(now);
    if (prices && fx) return this.pricesFor(prices, fx);
    return Promise.all([this.prices.get(now), this.fx.get(now)]).then(([syncedPrices, syncedFx]) =>
      this.pricesFor(syncedPrices, syncedFx),
    );
  }

  private pricesFor(prices: SourceValue<TokenPrices>, fx: SourceValue<number>): TPricesResponse {
    const last = this.lastPrices;
    if (last && sameSourceValue(last.prices, prices) && sameSourceValue(last.fx, fx))
      return last.answer;
    const answer = this.pricesAnswer(prices, fx);
    this.lastPrices = { prices, fx, answer };
    return answer;
  }

  private pricesAnswer(prices: SourceValue<TokenPrices>, fx: SourceValue<number>): TPricesResponse {
    const usdIdr = fx.value;
    // Rupiah always from the exchange rate, never the price service's own IDR price: the
    // records are converted at the rate, so the card must be too.
    const withIdr = (price: { usd: number }) => ({ usd: price.usd, idr: price.usd * usdIdr });
    const asOf = [prices.asOf, fx.asOf].filter((x): x is string => Boolean(x)).sort()[0] ?? null;
    return {
      pixels: withIdr(prices.value.pixels),
      axs: withIdr(prices.value.axs),
      usdIdr,
      asOf,
      stale: prices.stale || fx.stale,
      sources: this.sourcesOf(prices, fx),
    };
  }

  /**
   * Who supplied these prices and this rate, with when each was obtained: the credit their terms
   * ask for beside every page that shows them.
   */
  sourcesOf(prices: SourceValue<TokenPrices>, fx: SourceValue<number>): TPricesResponse['sources'] {
    return {
      price: { ...this.priceSource, ...sourceState(prices) },
      rate: { ...this.rateSource, ...sourceState(fx) },
    };
  }

  async getMarket(): Promise<TMarketResponse & { failed: boolean }> {
    const market = await this.market.get();
    return {
      data: market.value,
      asOf: market.asOf,
      stale: market.stale,
      ...(market.checking ? { checking: true } : {}),
      sample: this.isSample,
      failed: market.asOf === null,
    };
  }
}
