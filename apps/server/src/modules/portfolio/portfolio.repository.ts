import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { batches } from '../../lib/row-import.js';

type DB = Kysely<Database>;

const firstWallets = compiledOnce<
  [userId: number, limit: number],
  { id: number; address: string; created_at: string }
>((db, arg) =>
  db
    .selectFrom('wallets')
    .select(['id', 'address', 'created_at'])
    .where('user_id', '=', arg(0))
    .orderBy('id')
    .limit(arg(1)),
);

/** The user's first `limit` wallets (oldest first), with their stored address and when added. */
export function walletAddresses(db: DB, userId: number, limit: number) {
  return firstWallets(db, [userId, limit]);
}

/** Users who track a wallet, after the id `afterUser`, `limit` of them in id order. */
export async function walletOwners(db: DB, afterUser: number, limit: number) {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '>', afterUser)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('wallets').select('wallets.id').whereRef('wallets.user_id', '=', 'users.id'),
      ),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Which of the wallets `ids` have a total for `day`. */
export async function walletsWithSnapshot(db: DB, day: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('wallet_value_snapshots')
    .select('wallet_id')
    .where('day', '=', day)
    .where('wallet_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.wallet_id));
}

/** True for the one caller whose insert of `run` lands; every other caller gets false. */
export async function claimSnapshotRun(db: DB, run: string, claimedAt: string) {
  const row = await db
    .insertInto('portfolio_snapshot_runs')
    .values({ run, claimed_at: claimedAt })
    .onConflict((oc) => oc.column('run').doNothing())
    .returning('run')
    .executeTakeFirst();
  return row !== undefined;
}

export type SnapshotRow = { wallet_id: number; day: string; total_usd: number; as_of: string };

/** A day's totals; a wallet's total already kept for the day stays as it was. */
export async function insertSnapshots(db: DB, rows: readonly SnapshotRow[]) {
  for (const batch of batches(rows)) {
    await db
      .insertInto('wallet_value_snapshots')
      .values(batch)
      .onConflict((oc) => oc.columns(['wallet_id', 'day']).doNothing())
      .execute();
  }
}

/** The user's summed totals per day from `firstDay` on; days without any snapshot are absent. */
export function dailyTotals(db: DB, userId: number, firstDay: string) {
  return db
    .selectFrom('wallet_value_snapshots')
    .innerJoin('wallets', 'wallets.id', 'wallet_value_snapshots.wallet_id')
    .select((eb) => ['wallet_value_snapshots.day', eb.fn.sum<number>('total_usd').as('total')])
    .where('wallets.user_id', '=', userId)
    .where('wallet_value_snapshots.day', '>=', firstDay)
    .groupBy('wallet_value_snapshots.day')
    .execute();
}

/**
 * The token ids of `collections` each of `wallets` received since its time `since` (ISO 8601,
 * compared with the blocks' times), newest first, at most `limit` per address and collection,
 * each with how many there are in all. One statement for every wallet.
 */
export async function receivedNfts(
  db: DB,
  wallets: readonly { address: string; since: string }[],
  collections: readonly string[],
  limit: number,
) {
  if (wallets.length === 0 || collections.length === 0) return [];
  const ranked = db
    .selectFrom('chain_nft_transfers')
    .select([
      'to_address',
      'collection',
      'token_id',
      sql<number>`row_number() over (partition by to_address, collection order by block_number desc, log_index desc)`.as(
        'place',
      ),
      sql<number>`count(*) over (partition by to_address, collection)`.as('total'),
    ])
    .where('collection', 'in', collections)
    .where((eb) =>
      eb.or(
        wallets.map((wallet) =>
          eb.and([eb('to_address', '=', wallet.address), eb('block_time', '>=', wallet.since)]),
        ),
      ),
    );
  const rows = await db
    .selectFrom(ranked.as('r'))
    .select(['to_address', 'collection', 'token_id', 'place', 'total'])
    .where('place', '<=', limit)
    .orderBy('to_address')
    .orderBy('collection')
    .orderBy('place')
    .execute();
  return rows.map((row) => ({ ...row, place: Number(row.place), total: Number(row.total) }));
}
