import { sql, type Kysely } from 'kysely';
import type { TIncomeToken } from '@nexusplay/contract/income';
import { conflict } from '../lib/app-error.js';
import type { PersonalList } from './personal-search.js';
import type { Database, Engine } from './schema.js';

type DB = Kysely<Database>;

/*
 * A user's rows of a list are capped (MAX_WALLETS, MAX_LINKS, MAX_INCOME_RECORDS). Each function
 * here runs inside the transaction that then inserts, and holds what it counted until that
 * transaction ends, so that two writers at the cap less one cannot both pass: on SQLite every
 * transaction runs alone on the one connection; on PostgreSQL the count's row (or the owner's
 * row) is locked, and the second writer reads the count again once the first has committed.
 */

/**
 * How many of `wanted` rows the user may add to a list, from the row count its triggers keep
 * (migration 0014). The count is touched with an upsert, which locks it on PostgreSQL and
 * creates it, at 0, for a user without one, so that there is always a row to lock.
 */
export async function roomInList(
  trx: DB,
  userId: number,
  list: PersonalList,
  cap: number,
  wanted: number,
) {
  const row = await trx
    .insertInto('personal_list_counts')
    .values({ user_id: userId, list, row_count: 0 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'list'])
        .doUpdateSet({ row_count: sql`personal_list_counts.row_count` }),
    )
    .returning('row_count')
    .executeTakeFirstOrThrow();
  return Math.max(0, Math.min(wanted, cap - Number(row.row_count)));
}

/**
 * How many income records the user may add to one tracker. There is no kept count of these, so
 * the owner's row is locked (PostgreSQL) and the tracker's records counted through the index
 * on (user_id, token, date, id).
 */
export async function roomInTracker(
  trx: DB,
  engine: Engine,
  userId: number,
  token: TIncomeToken,
  cap: number,
  wanted: number,
) {
  if (engine === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  const { count } = await trx
    .selectFrom('income_records')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return Math.max(0, Math.min(wanted, cap - Number(count)));
}

/** The refusal of one more row than the cap allows, saying the cap. */
export function overCap(cap: number, rows: string) {
  return conflict(overCapReason(cap, rows));
}

/** Why a row past the cap is refused: "You can keep at most 1,000 wallets." */
export const overCapReason = (cap: number, rows: string) =>
  `You can keep at most ${cap.toLocaleString('en-US')} ${rows}. Delete some to add more.`;
