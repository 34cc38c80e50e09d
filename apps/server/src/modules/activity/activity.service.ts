import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  anyTrackedAddress,
  backfillsEndingAt,
  claimFollowRun,
  extendBackfill,
  lockCursor,
  deleteFollowedAddresses,
  followedAddresses,
  insertCursor,
  insertFollowedAddresses,
  insertTransfers,
  moveBackfill,
  moveCursor,
  readCursor,
  trackedAddresses,
  type FollowedAddress,
  type TransferRow,
} from './activity.repository.js';

type DB = Kysely<Database>;

export type ActivityDeps = { db: DB };

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
      await moveCursor(trx, chainId, cursor, safeBlock, at);
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

/**
 * A window of new blocks read for `addresses` (every followed address when the pass began): its
 * transfers stored and the cursor moved past it in one transaction. An address followed since,
 * whose backfill ends where the window starts, gets the window added to its backfill. False (and
 * nothing stored) when the cursor had already left the window's start: another instance stored it.
 */
function storeNewBlocks(
  db: DB,
  chainId: number,
  window: { from: number; to: number },
  addresses: readonly string[],
  transfers: readonly TransferRow[],
) {
  return unlessTaken(() =>
    db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      if (!(await moveCursor(trx, chainId, window.from - 1, window.to, at))) {
        throw new WindowTaken();
      }
      const read = new Set(addresses);
      const joined = (await backfillsEndingAt(trx, chainId, window.from - 1)).filter(
        (address) => !read.has(address),
      );
      if (joined.length > 0) {
        await extendBackfill(trx, chainId, joined, window.from - 1, window.to);
      }
      await insertTransfers(trx, transfers);
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
) {
  return unlessTaken(() =>
    db.transaction().execute(async (trx) => {
      await insertTransfers(trx, transfers);
      if ((await moveBackfill(trx, chainId, addresses, window.from, window.to + 1)) === 0) {
        throw new WindowTaken();
      }
    }),
  );
}

/** The chain's transfers to and from tracked wallets: what the follower stores, and where it is. */
export function activityService({ db }: ActivityDeps) {
  return {
    hasTrackedAddresses: () => anyTrackedAddress(db),
    followTracked: (chainId: number, safeBlock: number, backfillBlocks: number) =>
      followTracked(db, chainId, safeBlock, backfillBlocks),
    storeNewBlocks: (
      chainId: number,
      window: { from: number; to: number },
      addresses: readonly string[],
      transfers: readonly TransferRow[],
    ) => storeNewBlocks(db, chainId, window, addresses, transfers),
    storeBackfill: (
      chainId: number,
      addresses: readonly string[],
      window: { from: number; to: number },
      transfers: readonly TransferRow[],
    ) => storeBackfill(db, chainId, addresses, window, transfers),
    /** Whether this instance follows during the poll period starting at `run` (ISO 8601). */
    claimRun: (run: string) => claimFollowRun(db, 'transfers', run, new Date().toISOString()),
  };
}

export type ActivityService = ReturnType<typeof activityService>;
