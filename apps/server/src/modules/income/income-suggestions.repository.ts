import type { Kysely } from 'kysely';
import type { TIncomeToken } from '@nexusplay/contract/income';
import { decodeBool, nowTimestamp } from '../../db/codecs.js';
import type { Database } from '../../db/schema.js';
import { batches } from '../../lib/row-import.js';
import { COLUMNS, toRecord, type IncomeValues } from './income.repository.js';

type DB = Kysely<Database>;

/** An incoming transfer of an income token to one of a user's wallets, from someone else. */
export type IncomingRow = {
  id: number;
  wallet_id: number;
  wallet_name: string;
  amount: string;
  block_time: string;
  from_address: string;
  tx_hash: string;
  log_index: number;
};

/**
 * The transfers of the token at `tokenAddress` into the user's wallets from an address that is
 * none of that user's wallets (a move between their own wallets is no income), and not of
 * nothing. A user tracks an address once (wallets_user_address_unique): one row per transfer.
 */
function incoming(db: DB, userId: number, tokenAddress: string) {
  return db
    .selectFrom('wallets as w')
    .innerJoin('chain_transfers as t', 't.to_address', 'w.address')
    .where('w.user_id', '=', userId)
    .where('t.token', '=', tokenAddress)
    .where('t.amount', '!=', '0')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('wallets as o')
            .select('o.id')
            .where('o.user_id', '=', userId)
            .whereRef('o.address', '=', 't.from_address'),
        ),
      ),
    );
}

/** The incoming transfers not added as income and not ignored: the suggestions. */
function pending(db: DB, userId: number, tokenAddress: string) {
  return incoming(db, userId, tokenAddress).where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('income_records as r')
          .select('r.id')
          .where('r.user_id', '=', userId)
          .whereRef('r.chain_transfer_id', '=', 't.id'),
      ).or(
        exists(
          selectFrom('income_suggestion_ignores as i')
            .select('i.user_id')
            .where('i.user_id', '=', userId)
            .whereRef('i.chain_transfer_id', '=', 't.id'),
        ),
      ),
    ),
  );
}

const INCOMING_COLUMNS = [
  't.id as id',
  'w.id as wallet_id',
  'w.wallet_name as wallet_name',
  't.amount as amount',
  't.block_time as block_time',
  't.from_address as from_address',
  't.tx_hash as tx_hash',
  't.log_index as log_index',
] as const;

const toIncoming = (row: IncomingRow): IncomingRow => ({
  ...row,
  id: Number(row.id),
  wallet_id: Number(row.wallet_id),
  log_index: Number(row.log_index),
});

/** A page of the user's suggestions of a token, newest first. */
export async function suggestionPage(
  db: DB,
  userId: number,
  tokenAddress: string,
  page: { offset: number; limit: number },
): Promise<IncomingRow[]> {
  const rows = await pending(db, userId, tokenAddress)
    .select(INCOMING_COLUMNS)
    .orderBy('t.block_number', 'desc')
    .orderBy('t.log_index', 'desc')
    .orderBy('t.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map(toIncoming);
}

/** How many suggestions of a token the user has. */
export async function suggestionTotal(db: DB, userId: number, tokenAddress: string) {
  const row = await pending(db, userId, tokenAddress)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Those of `ids` that are incoming transfers of the token to the user (added or ignored
 * already or not): what a user may accept or ignore.
 */
export async function incomingByIds(
  db: DB,
  userId: number,
  tokenAddress: string,
  ids: readonly number[],
): Promise<IncomingRow[]> {
  if (ids.length === 0) return [];
  const rows = await incoming(db, userId, tokenAddress)
    .where('t.id', 'in', [...ids])
    .select(INCOMING_COLUMNS)
    .execute();
  return rows.map(toIncoming);
}

/** The user's records added from the transfers `ids`, by transfer. */
export async function recordsOfTransfers(db: DB, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof toRecord>>();
  const rows = await db
    .selectFrom('income_records')
    .select([...COLUMNS, 'chain_transfer_id'])
    .where('user_id', '=', userId)
    .where('chain_transfer_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.chain_transfer_id), toRecord(row)]));
}

/** A record to add from a chain transfer: the tracker's values and the transfer's id. */
export type ChainIncomeValues = IncomeValues & { chain_transfer_id: number };

/**
 * Adds records from chain transfers; one whose transfer the user already has a record of (the
 * unique user and transfer) is skipped. Answers the ids of the transfers added.
 */
export async function insertChainIncome(
  db: DB,
  rows: readonly (ChainIncomeValues & { user_id: number; token: TIncomeToken })[],
): Promise<number[]> {
  const added: number[] = [];
  const now = nowTimestamp();
  for (const batch of batches(rows)) {
    const stored = await db
      .insertInto('income_records')
      .values(batch.map((row) => ({ ...row, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'chain_transfer_id']).doNothing())
      .returning('chain_transfer_id')
      .execute();
    for (const row of stored) added.push(Number(row.chain_transfer_id));
  }
  return added;
}

/** The user no longer wants the transfer offered; ignoring twice changes nothing. */
export async function insertIgnore(db: DB, userId: number, transferId: number) {
  await db
    .insertInto('income_suggestion_ignores')
    .values({ user_id: userId, chain_transfer_id: transferId, ignored_at: nowTimestamp() })
    .onConflict((oc) => oc.columns(['user_id', 'chain_transfer_id']).doNothing())
    .execute();
}

/** The user's wallets, each with whether its transfers of `token` are added automatically. */
export async function autoSwitches(db: DB, userId: number, token: TIncomeToken) {
  const rows = await db
    .selectFrom('wallets as w')
    .leftJoin('wallet_income_auto as a', (join) =>
      join.onRef('a.wallet_id', '=', 'w.id').on('a.token', '=', token),
    )
    .select(['w.id as id', 'w.wallet_name as name', 'a.wallet_id as auto'])
    .where('w.user_id', '=', userId)
    .orderBy('w.id')
    .execute();
  return rows.map((row) => ({
    wallet: { id: Number(row.id), name: row.name },
    on: row.auto !== null,
  }));
}

/** The user's wallet `walletId`, if it is theirs. */
export function ownWallet(db: DB, userId: number, walletId: number) {
  return db
    .selectFrom('wallets')
    .select(['id', 'wallet_name'])
    .where('id', '=', walletId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Turns the automatic adding of `token` into the wallet on or off. Turned on again while on, it
 * keeps the time it was first turned on.
 */
export async function setAutoSwitch(db: DB, walletId: number, token: TIncomeToken, on: boolean) {
  if (on) {
    await db
      .insertInto('wallet_income_auto')
      .values({ wallet_id: walletId, token, created_at: nowTimestamp() })
      .onConflict((oc) => oc.columns(['wallet_id', 'token']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('wallet_income_auto')
      .where('wallet_id', '=', walletId)
      .where('token', '=', token)
      .execute();
  }
}

/** A transfer just stored, as each user tracking its receiving address sees it. */
export type ArrivalRow = {
  id: number;
  token: string;
  amount: string;
  block_time: string;
  user_id: number;
  wallet_id: number;
  wallet_name: string;
  /** Whether the user asked for a mail when income arrives (users.mail_income). */
  mail_income: boolean;
};

/**
 * The transfers among `ids` of the tokens at `tokenAddresses` into a tracked wallet, from an
 * address that is none of that wallet's user's wallets: one row per transfer and such user.
 */
export async function arrivalsOf(
  db: DB,
  ids: readonly number[],
  tokenAddresses: readonly string[],
): Promise<ArrivalRow[]> {
  const found: ArrivalRow[] = [];
  if (tokenAddresses.length === 0) return found;
  for (const batch of batches(ids)) {
    const rows = await db
      .selectFrom('chain_transfers as t')
      .innerJoin('wallets as w', 'w.address', 't.to_address')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .where('t.id', 'in', batch)
      .where('t.token', 'in', [...tokenAddresses])
      .where('t.amount', '!=', '0')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('wallets as o')
              .select('o.id')
              .whereRef('o.user_id', '=', 'w.user_id')
              .whereRef('o.address', '=', 't.from_address'),
          ),
        ),
      )
      .select([
        't.id as id',
        't.token as token',
        't.amount as amount',
        't.block_time as block_time',
        'w.user_id as user_id',
        'w.id as wallet_id',
        'w.wallet_name as wallet_name',
        'u.mail_income as mail_income',
      ])
      .orderBy('t.id')
      .orderBy('w.id')
      .execute();
    for (const row of rows) {
      found.push({
        ...row,
        id: Number(row.id),
        user_id: Number(row.user_id),
        wallet_id: Number(row.wallet_id),
        mail_income: decodeBool(row.mail_income),
      });
    }
  }
  return found;
}

/** When each of the wallets' automatic adding was turned on, by `${wallet_id}:${token}`. */
export async function autoSince(db: DB, walletIds: readonly number[]) {
  const since = new Map<string, string>();
  for (const batch of batches([...new Set(walletIds)])) {
    const rows = await db
      .selectFrom('wallet_income_auto')
      .select(['wallet_id', 'token', 'created_at'])
      .where('wallet_id', 'in', batch)
      .execute();
    for (const row of rows) since.set(`${row.wallet_id}:${row.token}`, row.created_at);
  }
  return since;
}
