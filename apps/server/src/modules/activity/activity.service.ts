import type { Kysely } from 'kysely';
import type {
  TActivityExportQuery,
  TActivityItem,
  TActivityQuery,
} from '@nexusplay/contract/activity';
import { ACTIVITY_PAGE_DEFAULT } from '@nexusplay/contract/activity';
import type { RoninToken } from '../../config.js';
import type { Database } from '../../db/schema.js';
import {
  nearestDailyValue,
  readDailyValues,
  type DailySeries,
} from '../../gateway/daily-rates.repository.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { dayIn } from '../../lib/dates.js';
import {
  activityPage,
  activityTotal,
  lastTransferId,
  latestCursor,
  ownsWallet,
  type ActivityFilter,
  type ActivityRow,
  anyTrackedAddress,
  backfillsEndingAt,
  claimFollowRun,
  extendBackfill,
  lockCursor,
  deleteFollowedAddresses,
  followedAddresses,
  insertCursor,
  insertFollowedAddresses,
  insertNftTransfers,
  insertTransfers,
  moveBackfill,
  moveCursor,
  readCursor,
  trackedAddresses,
  type FollowedAddress,
  type NftTransferRow,
  type TransferRow,
} from './activity.repository.js';

type DB = Kysely<Database>;

/** What follows, inside the window's transaction, when new blocks bring transfers (their ids). */
export type NewTransfersHook = (trx: DB, ids: readonly number[]) => Promise<void>;

/**
 * What the activity needs from the app: the database, and for reading it the configured tokens
 * (RONIN_TOKENS: symbols and decimals) and the time zone whose calendar days prices are kept by;
 * for following, what follows the new transfers of new blocks (not of a backfill: history).
 */
export type ActivityDeps = {
  db: DB;
  tokens?: readonly RoninToken[];
  timeZone?: string;
  onNewTransfers?: NewTransfersHook;
  /** The gateway's balances, told of the addresses the transfers of stored new blocks moved. */
  balances?: BalancesFollow;
};

/** Makes the cached balances of the tracked ones of some addresses due for a check. */
export type BalancesFollow = { markDue(addresses: readonly string[]): Promise<void> };

/**
 * Once a window of new blocks is stored (committed), the balances of both sides of its transfers
 * (token or NFT) are due for a check: the portfolio's next read shows the amounts they left. A backfill's
 * transfers are history, older than the tracking of the wallet: the amounts read since hold them.
 */
async function followBalances(
  storing: Promise<boolean>,
  transfers: readonly (TransferRow | NftTransferRow)[],
  balances: BalancesFollow | undefined,
) {
  const stored = await storing;
  if (stored && balances && transfers.length > 0) {
    await balances.markDue(transfers.flatMap((row) => [row.from_address, row.to_address]));
  }
  return stored;
}

/** Where the follower stands on a chain: its cursor and the addresses it follows. */
export type FollowState = { cursor: number; followed: FollowedAddress[] };

/** Thrown inside a window's transaction to undo it when another instance stored it first. */
class WindowTaken extends Error {}

async function unlessTaken(work: () => Promise<void>) {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof WindowTaken) return false;
    throw error;
  }
}

/**
 * The followed addresses brought in line with the tracked ones, the cursor started at `safeBlock`
 * on a chain never followed. A newly tracked address is read back `backfillBlocks` from the
 * cursor (its backfill); an address no one tracks any more is no longer followed (its stored
 * transfers stay, and tracking it again reads its backfill again, which stores nothing twice).
 * Done holding the cursor's row, so the cursor an address's backfill ends at is the one the next
 * window of new blocks starts after.
 */
async function followTracked(
  db: DB,
  chainId: number,
  safeBlock: number,
  backfillBlocks: number,
  now = new Date(),
): Promise<FollowState> {
  const at = now.toISOString();
  await insertCursor(db, chainId, safeBlock, at);
  const tracked = new Set(await trackedAddresses(db));
  return db.transaction().execute(async (trx) => {
    await lockCursor(trx, chainId);
    let cursor = (await readCursor(trx, chainId))!;
    const followed = await followedAddresses(trx, chainId);
    // Blocks passed while nothing was followed hold nothing to read: a wallet tracked after a
    // quiet month is read back its backfill days, not the month.
    if (followed.length === 0 && cursor < safeBlock) {
      await moveCursor(trx, chainId, { from: cursor, to: safeBlock, blockTime: null }, at);
      cursor = safeBlock;
    }
    const known = new Set(followed.map((row) => row.address));
    const added = [...tracked]
      .filter((address) => !known.has(address))
      .map((address) => ({
        address,
        backfill_next: Math.max(0, cursor - backfillBlocks + 1),
        backfill_last: cursor,
      }));
    const dropped = followed.filter((row) => !tracked.has(row.address)).map((row) => row.address);
    if (added.length > 0) await insertFollowedAddresses(trx, chainId, added, at);
    if (dropped.length > 0) await deleteFollowedAddresses(trx, chainId, dropped);
    const changed = added.length + dropped.length > 0;
    return { cursor, followed: changed ? await followedAddresses(trx, chainId) : followed };
  });
}

/** A window of blocks, `from` to `to`; `time`, when known, that of block `to`. */
export type BlockWindow = { from: number; to: number; time?: string };

/**
 * A window of new blocks read for `addresses` (every followed address when the pass began): its
 * transfers stored and the cursor moved past it, with its last block's time, in one transaction.
 * An address followed since, whose backfill ends where the window starts, gets the window added to
 * its backfill. False (and nothing stored) when the cursor had already left the window's start:
 * another instance stored it.
 */
function storeNewBlocks(
  db: DB,
  chainId: number,
  window: BlockWindow,
  addresses: readonly string[],
  transfers: readonly TransferRow[],
  nfts: readonly NftTransferRow[],
  onNewTransfers?: NewTransfersHook,
) {
  return unlessTaken(() =>
    db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const move = { from: window.from - 1, to: window.to, blockTime: window.time ?? null };
      if (!(await moveCursor(trx, chainId, move, at))) {
        throw new WindowTaken();
      }
      const read = new Set(addresses);
      const joined = (await backfillsEndingAt(trx, chainId, window.from - 1)).filter(
        (address) => !read.has(address),
      );
      if (joined.length > 0) {
        await extendBackfill(trx, chainId, joined, window.from - 1, window.to);
      }
      const stored = await insertTransfers(trx, transfers);
      await insertNftTransfers(trx, nfts);
      if (stored.length > 0) await onNewTransfers?.(trx, stored);
    }),
  );
}

/**
 * A window of the backfill of `addresses` (all at `from`): its transfers stored and their
 * backfill moved past it in one transaction; false when none of them was at `from` any more.
 */
function storeBackfill(
  db: DB,
  chainId: number,
  addresses: readonly string[],
  window: { from: number; to: number },
  transfers: readonly TransferRow[],
  nfts: readonly NftTransferRow[],
) {
  return unlessTaken(() =>
    db.transaction().execute(async (trx) => {
      await insertTransfers(trx, transfers);
      await insertNftTransfers(trx, nfts);
      if ((await moveBackfill(trx, chainId, addresses, window.from, window.to + 1)) === 0) {
        throw new WindowTaken();
      }
    }),
  );
}

/** A raw uint256 amount in token units, exactly: "1500000" of a 6-decimal token is "1.5". */
export function tokenUnits(raw: string, decimals: number) {
  const digits = BigInt(raw).toString();
  if (decimals === 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A day's figures as kept: token prices by series and day, USD→IDR rates by day. */
type KnownFigures = { prices: Map<string, number>; rates: Map<string, number> };

/**
 * The figures kept for the days of `rows` (calendar days in `timeZone`), read from the daily
 * history only: nothing is asked of the price or rate services here. A day without its own rate
 * takes the nearest day's, as income records do.
 */
async function knownFigures(db: DB, days: { series?: DailySeries; day: string }[]) {
  const figures: KnownFigures = { prices: new Map(), rates: new Map() };
  if (days.length === 0) return figures;
  const sorted = days.map((entry) => entry.day).sort();
  const [first, last] = [sorted[0]!, sorted[sorted.length - 1]!];
  const series = new Set(days.flatMap((entry) => (entry.series ? [entry.series] : [])));
  for (const name of series) {
    for (const row of await readDailyValues(db, name, first, last)) {
      if (row.value !== null) figures.prices.set(`${name}:${row.day}`, row.value);
    }
  }
  for (const row of await readDailyValues(db, 'usd-idr', first, last)) {
    if (row.value !== null) figures.rates.set(row.day, row.value);
  }
  for (const day of new Set(sorted)) {
    if (figures.rates.has(day)) continue;
    const nearest = await nearestDailyValue(db, 'usd-idr', day);
    if (nearest) figures.rates.set(day, nearest.value);
  }
  return figures;
}

/** The user's transfers as items: exact amounts, the other side, values at the day's figures. */
async function activityItems(
  db: DB,
  rows: readonly ActivityRow[],
  tokens: ReadonlyMap<string, RoninToken>,
  timeZone: string,
): Promise<TActivityItem[]> {
  const dated = rows.map((row) => {
    const token = tokens.get(row.token)!;
    return {
      row,
      token,
      day: dayIn(timeZone, new Date(row.block_time)),
      // The configured token's series (config.ts TOKEN_PRICE_SERIES); none: always pending.
      series: token.priceSeries,
    };
  });
  const figures = await knownFigures(db, dated);
  return dated.map(({ row, token, day, series }) => {
    const amount = tokenUnits(row.amount, token.decimals);
    const price = series ? figures.prices.get(`${series}:${day}`) : undefined;
    const rate = figures.rates.get(day);
    const usd = price === undefined ? null : Number(amount) * price;
    return {
      wallet: { id: row.wallet_id, name: row.wallet_name },
      token: token.symbol,
      direction: row.direction,
      amount,
      counterparty:
        row.other_wallet_id !== null
          ? { wallet_id: row.other_wallet_id, wallet_name: row.other_wallet_name ?? '' }
          : { address: row.other_address },
      tx_hash: row.tx_hash,
      log_index: row.log_index,
      block_number: row.block_number,
      time: new Date(row.block_time).toISOString(),
      value_usd: usd === null ? null : round(usd, 6),
      value_idr: usd === null || rate === undefined ? null : round(usd * rate, 2),
      price_pending: usd === null || rate === undefined,
    };
  });
}

/** An activity item as a CSV row needs it: with its place in the export as its id. */
export type ActivityExportRow = TActivityItem & { id: number };

/** The chain's transfers to and from tracked wallets: what the follower stores, and where it is. */
export function activityService({
  db,
  tokens = [],
  timeZone = 'UTC',
  onNewTransfers,
  balances,
}: ActivityDeps) {
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
  const byAddress = new Map(tokens.map((token) => [token.address.toLowerCase(), token]));

  /** The repository's filter of a query: an unknown token is refused, another's wallet unknown. */
  async function filterOf(userId: number, query: TActivityExportQuery): Promise<ActivityFilter> {
    let addresses = [...byAddress.keys()];
    if (query.token !== undefined) {
      const token = bySymbol.get(query.token);
      if (!token) {
        const message = `token must be one of ${[...bySymbol.keys()].join(', ')}.`;
        throw badRequest(message, { token: message });
      }
      addresses = [token.address.toLowerCase()];
    }
    if (query.wallet_id !== undefined && !(await ownsWallet(db, userId, query.wallet_id))) {
      throw notFound('This wallet does not exist.');
    }
    return { userId, walletId: query.wallet_id, tokens: addresses, direction: query.direction };
  }

  /**
   * How current the activity is: the follower's cursor and its block's time (while that is not
   * known, when the cursor moved there), null before its first pass.
   */
  async function asOf() {
    const cursor = await latestCursor(db);
    if (!cursor) return null;
    const time = cursor.last_block_time ?? cursor.updated_at;
    return { block: cursor.last_block, time: new Date(time).toISOString() };
  }

  return {
    /**
     * A page of the user's activity, newest first, with the total the filter takes and how
     * current it is.
     */
    async list(userId: number, query: TActivityQuery) {
      const filter = await filterOf(userId, query);
      const limit = query.limit ?? ACTIVITY_PAGE_DEFAULT;
      const offset = ((query.page ?? 1) - 1) * limit;
      const [rows, total, cursor] = await Promise.all([
        activityPage(db, filter, { offset, limit }),
        activityTotal(db, filter),
        asOf(),
      ]);
      return { data: await activityItems(db, rows, byAddress, timeZone), total, as_of: cursor };
    },

    /**
     * The reader of an export's pages: the filter's rows as they were when it began (transfers
     * stored since are left out, so the pages neither skip nor repeat a row), each with its place.
     */
    async exportPages(userId: number, query: TActivityExportQuery) {
      const filter = { ...(await filterOf(userId, query)), upToId: await lastTransferId(db) };
      return async (after: number, limit: number): Promise<ActivityExportRow[]> => {
        const rows = await activityPage(db, filter, { offset: after, limit });
        const items = await activityItems(db, rows, byAddress, timeZone);
        return items.map((item, index) => ({ ...item, id: after + index + 1 }));
      };
    },

    /** The CSV file's name: today in the time zone. */
    exportName: () => `activity-${dayIn(timeZone)}.csv`,

    hasTrackedAddresses: () => anyTrackedAddress(db),
    followTracked: (chainId: number, safeBlock: number, backfillBlocks: number) =>
      followTracked(db, chainId, safeBlock, backfillBlocks),
    storeNewBlocks: (
      chainId: number,
      window: BlockWindow,
      addresses: readonly string[],
      transfers: readonly TransferRow[],
      nfts: readonly NftTransferRow[] = [],
    ) =>
      followBalances(
        storeNewBlocks(db, chainId, window, addresses, transfers, nfts, onNewTransfers),
        [...transfers, ...nfts],
        balances,
      ),
    storeBackfill: (
      chainId: number,
      addresses: readonly string[],
      window: { from: number; to: number },
      transfers: readonly TransferRow[],
      nfts: readonly NftTransferRow[] = [],
    ) =>
      // The ids received since a wallet was tracked can be in its backfill (the blocks between
      // its adding and the cursor): those NFTs make the balances due as new blocks' do.
      followBalances(
        storeBackfill(db, chainId, addresses, window, transfers, nfts),
        nfts,
        balances,
      ),
    /** Whether this instance follows during the poll period starting at `run` (ISO 8601). */
    claimRun: (run: string) => claimFollowRun(db, 'transfers', run, new Date().toISOString()),
  };
}

export type ActivityService = ReturnType<typeof activityService>;
