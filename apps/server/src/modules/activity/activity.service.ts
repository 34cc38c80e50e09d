import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  anyTrackedAddress,
  claimFollowRun,
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
 */
async function followTracked(
  db: DB,
  chainId: number,
  safeBlock: number,
  backfillBlocks: number,
  now = new Date(),
): Promise<FollowState> {
  const at = now.toISOString();
  let cursor = await readCursor(db, chainId);
  if (cursor === undefined) {
    await insertCursor(db, chainId, safeBlock, at);
    cursor = (await readCursor(db, chainId))!;
  }
  const tracked = new Set(await trackedAddresses(db));
  const followed = await followedAddresses(db, chainId);
  const known = new Set(followed.map((row) => row.address));
  const added = [...tracked]
    .filter((address) => !known.has(address))
    .map((address) => ({
      address,
      backfill_next: Math.max(0, cursor - backfillBlocks + 1),
      backfill_last: cursor,
    }));
  const dropped = followed.filter((row) => !tracked.has(row.address)).map((row) => row.address);
  if (added.length > 0) await insertFollowedAddresses(db, chainId, added, at);
  if (dropped.length > 0) await deleteFollowedAddresses(db, chainId, dropped);
  return {
    cursor,
    followed: added.length + dropped.length > 0 ? await followedAddresses(db, chainId) : followed,
  };
}

/**
 * A window of new blocks read for every followed address: its transfers stored and the cursor
 * moved past it in one transaction. False (and nothing stored) when the cursor had already left
 * `from`: another instance stored the window.
 */
function storeNewBlocks(
  db: DB,
  chainId: number,
  window: { from: number; to: number },
  transfers: readonly TransferRow[],
) {
  return unlessTaken(() =>
    db.transaction().execute(async (trx) => {
      await insertTransfers(trx, transfers);
      const at = new Date().toISOString();
      if (!(await moveCursor(trx, chainId, window.from - 1, window.to, at))) {
        throw new WindowTaken();
      }
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
      transfers: readonly TransferRow[],
    ) => storeNewBlocks(db, chainId, window, transfers),
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
