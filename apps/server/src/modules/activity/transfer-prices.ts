import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { PriceSeries, RoninToken } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { PriceHistory } from '../../gateway/price-history.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { lastTransferId, transferTokensBetween } from './activity.repository.js';

export type TransferPricesDeps = {
  db: Kysely<Database>;
  /** RONIN_TOKENS, each with the price series its transfers are valued by. */
  tokens: readonly RoninToken[];
  history: Pick<PriceHistory, 'complete'>;
  log: FastifyBaseLogger;
  /** How many transfer ids one statement looks at (tests make it small). */
  readChunk?: number;
};

/** Transfer ids one statement looks at: a start-up over millions stays many short reads. */
const READ_CHUNK = 10_000;

/**
 * The daily prices the activity's values are read from. After each pass of the follower, each
 * price series of a token that has transfers stored gets its days still missing within the
 * plan's reach asked for: all of them in one call (a range, or one day's history), so a series
 * costs one call when first seen and one a day after, however many transfers, wallets and users.
 * Calls are paced by PRICE_HISTORY_RATE and counted by the price history; a series held back is
 * asked again at the next pass. Reading the activity asks nobody: a day not kept yet is shown as
 * "price pending" until this has run.
 */
export class TransferPrices {
  private readonly seriesOf: ReadonlyMap<string, PriceSeries>;
  /** The series of the tokens that have transfers stored, seen by this instance. */
  private readonly seen = new Set<PriceSeries>();
  /** The last transfer whose token was looked at. */
  private readAfter = 0;

  constructor(private readonly deps: TransferPricesDeps) {
    this.seriesOf = new Map(
      deps.tokens.flatMap((token) =>
        token.priceSeries ? [[token.address.toLowerCase(), token.priceSeries] as const] : [],
      ),
    );
  }

  /** Asks for the missing days of every series seen; the series still missing some afterwards. */
  async pass(): Promise<PriceSeries[]> {
    try {
      // The transfers stored since the last pass (all of them at an instance's first), read a
      // range of ids at a time, with a turn of the event loop between two ranges: on SQLite a
      // statement holds the loop while it runs.
      const chunk = this.deps.readChunk ?? READ_CHUNK;
      const last = await lastTransferId(this.deps.db);
      while (this.readAfter < last) {
        const upTo = Math.min(last, this.readAfter + chunk);
        for (const token of await transferTokensBetween(this.deps.db, this.readAfter, upTo)) {
          const series = this.seriesOf.get(token);
          if (series) this.seen.add(series);
        }
        this.readAfter = upTo;
        if (this.readAfter < last) await nextTurn();
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'reading the transfers’ tokens failed');
    }
    const waiting: PriceSeries[] = [];
    for (const series of this.seen) {
      if (await this.deps.history.complete(series)) waiting.push(series);
    }
    return waiting;
  }
}

/** The transfers' prices of an app's configuration, database and price history. */
export function transferPricesOf(app: FastifyInstance) {
  return new TransferPrices({
    db: app.db.kysely,
    tokens: app.config.gateway.ronin.tokens,
    history: app.gateway.history,
    log: app.log,
  });
}
