import type { Insertable, Kysely } from 'kysely';
import { raiseListVersions, raiseSharedListVersion } from '../../db/list-versions.repository.js';
import type {
  ChainNftTransfersTable,
  ChainTransferCountsTable,
  ChainTransfersTable,
  Database,
} from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import { batches } from '../../lib/row-import.js';

type DB = Kysely<Database>;

/** A transfer as stored: one ERC-20 Transfer log of a configured token (the table's row). */
export type TransferRow = Omit<Insertable<ChainTransfersTable>, 'id'>;

/** An NFT transfer as stored: one ERC-721 Transfer log of a configured collection. */
export type NftTransferRow = Omit<Insertable<ChainNftTransfersTable>, 'id'>;

/** A followed address and the part of its backfill still to read. */
export type FollowedAddress = { address: string; backfill_next: number; backfill_last: number };

/** Every address some user tracks, each once. */
export async function trackedAddresses(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('wallets').select('address').distinct().execute();
  return rows.map((row) => row.address);
}

/** Whether anyone tracks a wallet at all. */
export async function anyTrackedAddress(db: DB): Promise<boolean> {
  const row = await db.selectFrom('wallets').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The last block read in full on `chainId`, if the follower ever started there. */
export async function readCursor(db: DB, chainId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('chain_follow_cursors')
    .select('last_block')
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return row?.last_block;
}

/**
 * Starts the cursor at `lastBlock` unless another instance started it first. The cursor's writes
 * raise its shared version in their transaction: the activity's kept answers show its "as of".
 */
export async function insertCursor(db: DB, chainId: number, lastBlock: number, now: string) {
  await inTransaction(db, async (trx) => {
    const started = await trx
      .insertInto('chain_follow_cursors')
      .values({ chain_id: chainId, last_block: lastBlock, updated_at: now })
      .onConflict((oc) => oc.column('chain_id').doNothing())
      .returning('chain_id')
      .executeTakeFirst();
    if (started) await raiseSharedListVersion(trx, 'chain_follow_cursors');
  });
}

/**
 * Takes the cursor's row for the rest of the transaction without changing it: a window stored
 * meanwhile by another instance waits, or is waited for.
 */
export async function lockCursor(db: DB, chainId: number) {
  await db
    .updateTable('chain_follow_cursors')
    .set((eb) => ({ last_block: eb.ref('last_block') }))
    .where('chain_id', '=', chainId)
    .execute();
}

/**
 * Moves the cursor from `from` to `to`, whose block was made at `blockTime` (null: not known);
 * false when it was no longer at `from`.
 */
export async function moveCursor(
  db: DB,
  chainId: number,
  move: { from: number; to: number; blockTime: string | null },
  now: string,
) {
  const { from, to, blockTime } = move;
  const result = await db
    .updateTable('chain_follow_cursors')
    .set({ last_block: to, last_block_time: blockTime, updated_at: now })
    .where('chain_id', '=', chainId)
    .where('last_block', '=', from)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return false;
  await raiseSharedListVersion(db, 'chain_follow_cursors');
  return true;
}

export async function followedAddresses(db: DB, chainId: number): Promise<FollowedAddress[]> {
  return db
    .selectFrom('chain_follow_addresses')
    .select(['address', 'backfill_next', 'backfill_last'])
    .where('chain_id', '=', chainId)
    .orderBy('address')
    .execute();
}

/** Adds addresses to follow; one already followed keeps its backfill as it is. */
export async function insertFollowedAddresses(
  db: DB,
  chainId: number,
  rows: readonly FollowedAddress[],
  now: string,
) {
  for (const batch of batches(rows)) {
    await db
      .insertInto('chain_follow_addresses')
      .values(batch.map((row) => ({ ...row, chain_id: chainId, added_at: now })))
      .onConflict((oc) => oc.columns(['chain_id', 'address']).doNothing())
      .execute();
  }
}

export async function deleteFollowedAddresses(
  db: DB,
  chainId: number,
  addresses: readonly string[],
) {
  for (const batch of batches(addresses)) {
    await db
      .deleteFrom('chain_follow_addresses')
      .where('chain_id', '=', chainId)
      .where('address', 'in', batch)
      .execute();
  }
}

/** The followed addresses whose backfill ends at `lastBlock`. */
export async function backfillsEndingAt(db: DB, chainId: number, lastBlock: number) {
  const rows = await db
    .selectFrom('chain_follow_addresses')
    .select('address')
    .where('chain_id', '=', chainId)
    .where('backfill_last', '=', lastBlock)
    .execute();
  return rows.map((row) => row.address);
}

/** Extends the backfill of `addresses` that ends at `from` to end at `to`. */
export async function extendBackfill(
  db: DB,
  chainId: number,
  addresses: readonly string[],
  from: number,
  to: number,
) {
  for (const batch of batches(addresses)) {
    await db
      .updateTable('chain_follow_addresses')
      .set({ backfill_last: to })
      .where('chain_id', '=', chainId)
      .where('backfill_last', '=', from)
      .where('address', 'in', batch)
      .execute();
  }
}

/**
 * Moves the backfill of `addresses` from `from` on to `next`, for those still at `from`; answers
 * how many moved.
 */
export async function moveBackfill(
  db: DB,
  chainId: number,
  addresses: readonly string[],
  from: number,
  next: number,
) {
  let moved = 0n;
  for (const batch of batches(addresses)) {
    const result = await db
      .updateTable('chain_follow_addresses')
      .set({ backfill_next: next })
      .where('chain_id', '=', chainId)
      .where('backfill_next', '=', from)
      .where('address', 'in', batch)
      .executeTakeFirst();
    moved += result.numUpdatedRows;
  }
  return Number(moved);
}

/**
 * Stores transfers; one already stored (the same chain, transaction and log) stays as it was.
 * Answers the ids of the rows stored now. In one transaction (the caller's, if it is in one) with
 * the raise of the transfers' version of each user tracking a side of a stored row, so that no
 * kept activity answer outlives them.
 */
export async function insertTransfers(db: DB, rows: readonly TransferRow[]) {
  const store = async (trx: DB) => {
    const ids: number[] = [];
    const counts = new TransferCounts();
    for (const batch of batches(rows)) {
      const stored = await trx
        .insertInto('chain_transfers')
        .values(batch)
        .onConflict((oc) => oc.columns(['chain_id', 'tx_hash', 'log_index']).doNothing())
        .returning(['id', 'token', 'from_address', 'to_address'])
        .execute();
      for (const row of stored) {
        ids.push(Number(row.id));
        counts.add(row.from_address, row.token, 'out');
        counts.add(row.to_address, row.token, 'in');
      }
    }
    if (ids.length > 0) {
      const added = counts.rows();
      await addTransferCounts(trx, added);
      await raiseTransfersVersions(
        trx,
        added.map((count) => count.address),
      );
    }
    return ids;
  };
  return inTransaction(db, store);
}

type TransferCount = Insertable<ChainTransferCountsTable>;

/** Transfers stored now, counted per address, token and side. */
class TransferCounts {
  private readonly counts = new Map<string, TransferCount>();

  add(address: string, token: string, side: 'in' | 'out') {
    const key = `${address} ${token} ${side}`;
    const count = this.counts.get(key);
    if (count) count.transfers += 1;
    else this.counts.set(key, { address, token, side, transfers: 1 });
  }

  /** In key order, so that concurrent writers take the count rows' locks in the same order. */
  rows() {
    return [...this.counts.keys()].sort().map((key) => this.counts.get(key)!);
  }
}

/** Adds the transfers stored now to each address's counts (migration 0022). */
async function addTransferCounts(db: DB, counts: readonly TransferCount[]) {
  for (const batch of batches(counts)) {
    await db
      .insertInto('chain_transfer_counts')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['address', 'token', 'side']).doUpdateSet((eb) => ({
          transfers: eb(
            eb.ref('chain_transfer_counts.transfers'),
            '+',
            eb.ref('excluded.transfers'),
          ),
        })),
      )
      .execute();
  }
}

/**
 * Raises the transfers' version of every user tracking one of `addresses`: their activity's kept
 * answers are read again. Called in the transaction that stores the transfers.
 */
async function raiseTransfersVersions(db: DB, addresses: readonly string[]) {
  const users = new Set<number>();
  for (const batch of batches([...new Set(addresses)])) {
    const rows = await db
      .selectFrom('wallets')
      .select('user_id')
      .distinct()
      .where('address', 'in', batch)
      .execute();
    for (const row of rows) users.add(Number(row.user_id));
  }
  await raiseListVersions(db, 'chain_transfers', [...users]);
}

/** Stores NFT transfers; one already stored (the same chain, transaction and log) stays as it was. */
export async function insertNftTransfers(db: DB, rows: readonly NftTransferRow[]) {
  for (const batch of batches(rows)) {
    await db
      .insertInto('chain_nft_transfers')
      .values(batch)
      .onConflict((oc) => oc.columns(['chain_id', 'tx_hash', 'log_index']).doNothing())
      .execute();
  }
}

/**
 * True for the one caller whose claim of the poll period `run` (ISO 8601, later periods sort
 * later) lands: the row is raised to it only from an earlier period.
 */
export async function claimFollowRun(db: DB, follower: string, run: string, now: string) {
  const row = await db
    .insertInto('chain_follow_runs')
    .values({ follower, run, claimed_at: now })
    .onConflict((oc) =>
      oc
        .column('follower')
        .doUpdateSet({ run, claimed_at: now })
        .where('chain_follow_runs.run', '<', run),
    )
    .returning('follower')
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of a user's transfers a read takes: the user's wallet, the tokens' contracts, a side. */
export type ActivityFilter = {
  userId: number;
  walletId?: number;
  /** Lower-case contract addresses; only these tokens' transfers are read. */
  tokens: readonly string[];
  direction?: 'in' | 'out';
  /** Only transfers stored up to this id (an export's rows as they were when it began). */
  upToId?: number;
};

/** A transfer as one of the user's wallets saw it, with the other side when it is theirs too. */
export type ActivityRow = {
  wallet_id: number;
  wallet_name: string;
  direction: 'in' | 'out';
  token: string;
  amount: string;
  tx_hash: string;
  log_index: number;
  block_number: number;
  block_time: string;
  other_address: string;
  other_wallet_id: number | null;
  other_wallet_name: string | null;
};

/**
 * The user's transfers on one side: each of their wallets joined to the transfers with its address
 * on that side (the indexes on from_address and to_address, with the token, of migration 0020), and the other side
 * looked up among the same user's wallets.
 */
function sideOf(db: DB, side: 'in' | 'out', filter: ActivityFilter, fromBlock?: number) {
  const own = side === 'out' ? 't.from_address' : 't.to_address';
  const other = side === 'out' ? 't.to_address' : 't.from_address';
  let query = db
    .selectFrom('wallets as w')
    .innerJoin('chain_transfers as t', own, 'w.address')
    .leftJoin('wallets as o', (join) =>
      join.onRef('o.address', '=', other).on('o.user_id', '=', filter.userId),
    )
    .where('w.user_id', '=', filter.userId)
    .where('t.token', 'in', [...filter.tokens]);
  if (filter.walletId !== undefined) query = query.where('w.id', '=', filter.walletId);
  if (filter.upToId !== undefined) query = query.where('t.id', '<=', filter.upToId);
  if (fromBlock !== undefined) query = query.where('t.block_number', '>=', fromBlock);
  return query.select((eb) => [
    'w.id as wallet_id',
    'w.wallet_name as wallet_name',
    eb.val(side).as('direction'),
    't.token as token',
    't.amount as amount',
    't.tx_hash as tx_hash',
    't.log_index as log_index',
    't.block_number as block_number',
    't.block_time as block_time',
    eb.ref(other).as('other_address'),
    'o.id as other_wallet_id',
    'o.wallet_name as other_wallet_name',
  ]);
}

/** Both sides the filter asks for, as one set of rows (from `fromBlock` on, when given). */
function activityRows(db: DB, filter: ActivityFilter, fromBlock?: number) {
  if (filter.direction) return sideOf(db, filter.direction, filter, fromBlock);
  return sideOf(db, 'out', filter, fromBlock).unionAll(sideOf(db, 'in', filter, fromBlock));
}

/**
 * The blocks of the user's transfers on one side, of every token: read from the indexes on
 * from_address and to_address alone (block_number is in them, and on SQLite the id too), without
 * a look at the transfers' rows.
 */
function sideBlocks(db: DB, side: 'in' | 'out', filter: ActivityFilter) {
  const own = side === 'out' ? 't.from_address' : 't.to_address';
  let query = db
    .selectFrom('wallets as w')
    .innerJoin('chain_transfers as t', own, 'w.address')
    .where('w.user_id', '=', filter.userId);
  if (filter.walletId !== undefined) query = query.where('w.id', '=', filter.walletId);
  if (filter.upToId !== undefined) query = query.where('t.id', '<=', filter.upToId);
  return query.select('t.block_number as block_number');
}

/** The block of the user's `rank`th newest transfer (from 1) of any token, if there are that many. */
async function blockOfRank(db: DB, filter: ActivityFilter, rank: number) {
  const blocks = filter.direction
    ? sideBlocks(db, filter.direction, filter)
    : sideBlocks(db, 'out', filter).unionAll(sideBlocks(db, 'in', filter));
  const row = await db
    .selectFrom(blocks.as('b'))
    .select('block_number')
    .orderBy('block_number', 'desc')
    .limit(1)
    .offset(rank - 1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.block_number);
}

/** A page of the rows the filter takes from `fromBlock` on (all of them without it), in order. */
function pageRows(
  db: DB,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
  fromBlock: number | undefined,
) {
  return db
    .selectFrom(activityRows(db, filter, fromBlock).as('a'))
    .selectAll()
    .orderBy('block_number', 'desc')
    .orderBy('log_index', 'desc')
    .orderBy('direction', 'desc')
    .orderBy('wallet_id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/**
 * A page of the user's transfers, newest first (block, log; a transfer between two of their
 * wallets is out of one before in to the other).
 */
export async function activityPage(
  db: DB,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
): Promise<ActivityRow[]> {
  if (filter.tokens.length === 0) return [];
  const wanted = page.offset + page.limit;
  // The rows from a block on are the first ones of the order, so the page is among the newest
  // `rank` transfers when those hold enough of the filter's tokens: only their rows are read
  // (the token is not in the indexes) and sorted, not every one of the user's. A filter that
  // the newest transfers rarely match reads them all in the end, as without this.
  for (let rank = wanted * 2; ; rank *= 4) {
    const fromBlock = rank > wanted * 32 ? undefined : await blockOfRank(db, filter, rank);
    const rows = await pageRows(db, filter, page, fromBlock);
    if (rows.length === page.limit || fromBlock === undefined) return rows.map(activityRowOf);
  }
}

/** A row as the engine answered it, with its numbers as numbers. */
const activityRowOf = (row: Awaited<ReturnType<typeof pageRows>>[number]): ActivityRow => ({
  ...row,
  direction: row.direction as 'in' | 'out',
  block_number: Number(row.block_number),
  log_index: Number(row.log_index),
  wallet_id: Number(row.wallet_id),
  other_wallet_id: row.other_wallet_id === null ? null : Number(row.other_wallet_id),
});

/**
 * How many of the user's transfers the filter takes (every one stored: `upToId` is not read),
 * summed from their wallets' counts: a few rows per wallet, however many transfers they have.
 */
export async function activityTotal(db: DB, filter: ActivityFilter) {
  if (filter.tokens.length === 0) return 0;
  let query = db
    .selectFrom('wallets as w')
    .innerJoin('chain_transfer_counts as c', 'c.address', 'w.address')
    .where('w.user_id', '=', filter.userId)
    .where('c.token', 'in', [...filter.tokens]);
  if (filter.walletId !== undefined) query = query.where('w.id', '=', filter.walletId);
  if (filter.direction) query = query.where('c.side', '=', filter.direction);
  const row = await query
    .select((eb) => eb.fn.sum<number | string | null>('c.transfers').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** The id of the last transfer stored (0 when none is). */
export async function lastTransferId(db: DB) {
  const row = await db
    .selectFrom('chain_transfers')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether the wallet is one of the user's. */
export async function ownsWallet(db: DB, userId: number, walletId: number) {
  const row = await db
    .selectFrom('wallets')
    .select('id')
    .where('id', '=', walletId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The follower's furthest cursor: the last block read in full, its block's time (null until
 * known), and when the cursor moved there.
 */
export function latestCursor(db: DB) {
  return db
    .selectFrom('chain_follow_cursors')
    .select(['last_block', 'last_block_time', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The tokens (contract addresses) of the transfers stored after `afterId`, up to and with
 * `upToId`: a range of the primary key, so a statement reads at most that many rows.
 */
export async function transferTokensBetween(db: DB, afterId: number, upToId: number) {
  const rows = await db
    .selectFrom('chain_transfers')
    .select('token')
    .distinct()
    .where('id', '>', afterId)
    .where('id', '<=', upToId)
    .execute();
  return rows.map((row) => row.token);
}
