import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import type { Config } from '../../config.js';
import type { NodePace } from '../../gateway/node-pace.js';
import type { NftTransferRow, TransferRow } from './activity.repository.js';
import { incomeArrivals } from '../income/income-suggestions.service.js';
import { activityService, type ActivityService } from './activity.service.js';
import {
  RangeRefused,
  TransferLogReader,
  type LoggedNftTransfer,
  type LoggedTransfer,
} from './ronin-transfer-logs.js';
import { transferPricesOf } from './transfer-prices.js';

/** Ronin makes a block about every 3 seconds: 86,400 / 3 = 28,800 blocks a day. */
export const BLOCKS_PER_DAY = 28_800;

export type FollowerDeps = {
  service: ActivityService;
  settings: Config['activity'];
  ronin: Config['gateway']['ronin'];
  timeoutMs: number;
  pace: NodePace;
  log: FastifyBaseLogger;
};

type Window = { from: number; to: number };

/**
 * Follows the chain for the configured tokens' transfers to and from every tracked address, and
 * the configured collections' (ERC-721) transfers in the same requests. A
 * pass reads from the cursor up to the head less RONIN_CONFIRMATIONS blocks for every followed
 * address, then the backfills of addresses tracked since; each window's transfers and the move of
 * its cursor are stored in one transaction, so a window that fails is read again, never skipped,
 * and one stored by another instance meanwhile is not stored twice.
 */
export class TransferFollower {
  private readonly reader: TransferLogReader;
  /** The widest window asked for: RONIN_LOGS_RANGE, halved each time the node refuses one. */
  private range: number;

  constructor(private readonly deps: FollowerDeps) {
    this.range = deps.settings.logsRange;
    this.reader = new TransferLogReader({
      rpcUrl: deps.ronin.rpcUrl,
      tokens: deps.ronin.tokens.map((token) => token.address),
      collections: deps.ronin.collections.map((collection) => collection.address as Address),
      onMalformed: (log) =>
        deps.log.warn(log, "dropped a Transfer log that is not one of its contract's kind"),
      timeoutMs: deps.timeoutMs,
      addressesPerFilter: deps.settings.logsAddresses,
      pace: deps.pace,
    });
  }

  /** The window width now asked for (smaller than configured after a node refused one). */
  get windowBlocks() {
    return this.range;
  }

  /**
   * One pass, starting no window after `until` (ms since the epoch) or once `stopped` says so.
   * Throws when a window still fails after its retries: the next pass starts from it again.
   */
  async pass(until = Infinity, stopped: () => boolean = () => false) {
    const { service, settings } = this.deps;
    // No wallet, no request to the node.
    if (!(await service.hasTrackedAddresses())) return;
    const chainId = await this.reader.chainId();
    const safe = (await this.reader.head()) - settings.confirmations;
    if (safe < 0) return;
    const state = await service.followTracked(
      chainId,
      safe,
      settings.backfillDays * BLOCKS_PER_DAY,
    );
    const going = () => Date.now() < until && !stopped();

    const everyone = state.followed.map((row) => row.address);
    for (let cursor = state.cursor; cursor < safe && everyone.length > 0 && going();) {
      const window = await this.read({ from: cursor + 1, to: safe }, everyone, true);
      const rows = this.rows(chainId, window.found);
      const nfts = this.nftRows(chainId, window.nfts);
      if (!(await service.storeNewBlocks(chainId, window, everyone, rows, nfts))) return;
      cursor = window.to;
    }

    // Addresses tracked at the same time share their backfill; the latest ones go first.
    const groups = new Map<string, { next: number; last: number; addresses: string[] }>();
    for (const row of state.followed) {
      if (row.backfill_next > row.backfill_last) continue;
      const key = `${row.backfill_next}:${row.backfill_last}`;
      const group = groups.get(key) ?? {
        next: row.backfill_next,
        last: row.backfill_last,
        addresses: [],
      };
      group.addresses.push(row.address);
      groups.set(key, group);
    }
    const pending = [...groups.values()].sort((a, b) => b.last - a.last);
    for (const group of pending) {
      for (let next = group.next; next <= group.last && going();) {
        const window = await this.read({ from: next, to: group.last }, group.addresses);
        const rows = this.rows(chainId, window.found);
        const nfts = this.nftRows(chainId, window.nfts);
        if (!(await service.storeBackfill(chainId, group.addresses, window, rows, nfts))) break;
        next = window.to + 1;
      }
    }
  }

  /**
   * The transfers of as much of `wanted` as one window covers, narrowed while the node refuses;
   * with `endTime`, the time of the window's last block too (where the cursor moves to).
   */
  private async read(wanted: Window, addresses: readonly string[], endTime = false) {
    for (;;) {
      const to = Math.min(wanted.to, wanted.from + this.range - 1);
      try {
        const {
          found,
          nfts,
          endTime: time,
        } = await this.reader.transfers(wanted.from, to, addresses, { endTime });
        return { from: wanted.from, to, time, found, nfts };
      } catch (error) {
        if (!(error instanceof RangeRefused) || this.range === 1) throw error;
        this.range = Math.max(1, Math.floor(this.range / 2));
        this.deps.log.warn(
          { err: error, blocks: this.range },
          'the Ronin node refused a block range; asking for fewer blocks',
        );
      }
    }
  }

  private rows(chainId: number, found: readonly LoggedTransfer[]): TransferRow[] {
    return found.map((transfer) => ({
      chain_id: chainId,
      tx_hash: transfer.txHash,
      log_index: transfer.logIndex,
      block_number: transfer.blockNumber,
      block_time: transfer.blockTime,
      token: transfer.token,
      from_address: transfer.from,
      to_address: transfer.to,
      amount: transfer.amount,
    }));
  }

  private nftRows(chainId: number, found: readonly LoggedNftTransfer[]): NftTransferRow[] {
    return found.map((transfer) => ({
      chain_id: chainId,
      tx_hash: transfer.txHash,
      log_index: transfer.logIndex,
      block_number: transfer.blockNumber,
      block_time: transfer.blockTime,
      collection: transfer.collection,
      from_address: transfer.from,
      to_address: transfer.to,
      token_id: transfer.tokenId,
    }));
  }
}

/** The follower of an app's configuration, database and background pace. */
export function transferFollowerOf(app: FastifyInstance) {
  return new TransferFollower({
    service: activityService({
      db: app.db.kysely,
      onNewTransfers: incomeArrivals({
        engine: app.db.engine,
        timeZone: app.config.timeZone,
        cap: app.config.rowCaps.incomeRecords,
        tokens: app.config.gateway.ronin.tokens,
      }),
      balances: app.gateway.balances,
    }),
    settings: app.config.activity,
    ronin: app.config.gateway.ronin,
    timeoutMs: app.config.gateway.timeoutMs,
    pace: app.gateway.balances.pace,
    log: app.log,
  });
}

/** How long after a poll period begins its tick comes: never in the period before. */
const PERIOD_SLACK_MS = 20;

/**
 * Runs the follower every ACTIVITY_POLL. Every instance looks; the one whose claim of the poll
 * period lands in the database follows for that period (as the snapshot passes are claimed), so
 * when it stops another takes over at the next period. A pass ends with its period; then the
 * follower asks for the daily prices its transfers' days still miss (TransferPrices).
 */
export function activityFollower(app: FastifyInstance) {
  const follower = transferFollowerOf(app);
  const prices = transferPricesOf(app);
  const service = activityService({ db: app.db.kysely });
  const everyMs = app.config.activity.pollMs;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  const check = async () => {
    const period = Math.floor(Date.now() / everyMs) * everyMs;
    let claimed = false;
    try {
      claimed = await service.claimRun(new Date(period).toISOString());
      if (claimed) await follower.pass(period + everyMs, () => stopped);
    } catch (error) {
      app.log.warn({ err: error }, 'following the chain failed; trying again at the next poll');
    }
    if (claimed && !stopped) await prices.pass();
  };

  return {
    follower,
    prices,
    start() {
      // A tick that comes while a pass is still under way (its last window, or the prices after
      // it) runs once that pass is done, so the period just begun is not lost.
      let missed = false;
      const tick = () => {
        if (stopped) return;
        if (running) {
          missed = true;
          return;
        }
        running = check().finally(() => {
          running = undefined;
          if (missed) {
            missed = false;
            tick();
          }
        });
      };
      // Each later tick comes just after a period begins: a pass reads until its period ends, and
      // ticks every ACTIVITY_POLL from the start left it only what remained of the period when
      // the instance had started late in one (a catch-up then read one window a poll).
      const schedule = () => {
        if (stopped) return;
        timer = setTimeout(
          () => {
            tick();
            schedule();
          },
          everyMs - (Date.now() % everyMs) + PERIOD_SLACK_MS,
        );
        timer.unref();
      };
      schedule();
      tick();
    },
    /** Stops polling and waits for a window under way to be stored. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
