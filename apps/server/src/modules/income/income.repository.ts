import type { Kysely } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TIncomeRecord, TIncomeToken } from '@nexusplay/contract/income';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database, IncomeRecordsTable } from '../../db/schema.js';

type DB = Kysely<Database>;

const COLUMNS = [
  'id',
  'token',
  'amount',
  'expense',
  'expense_type',
  'expense_description',
  'converted_expense',
  'date',
  'net_income',
  'price_usd',
  'usd_idr',
  'created_at',
] as const;

type Row = Pick<IncomeRecordsTable, Exclude<(typeof COLUMNS)[number], 'id'>> & { id: number };

export type IncomeValues = Omit<
  IncomeRecordsTable,
  'id' | 'user_id' | 'token' | 'created_at' | 'updated_at'
>;

/** The record as the pages read it: the amount as `income` and under the token's own name. */
export const toRecord = (row: Row): TIncomeRecord => {
  const { token, amount, ...rest } = row;
  return { ...rest, income: amount, [token]: amount };
};

export async function listIncome(db: DB, userId: number, token: TIncomeToken) {
  const rows = await db
    .selectFrom('income_records')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_CAP)
    .execute();
  return rows.map(toRecord);
}

export async function insertIncome(
  db: DB,
  userId: number,
  token: TIncomeToken,
  values: IncomeValues,
) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('income_records')
    .values({ ...values, user_id: userId, token, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export function getIncomeRates(db: DB, userId: number, token: TIncomeToken, id: number) {
  return db
    .selectFrom('income_records')
    .select(['price_usd', 'usd_idr'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .executeTakeFirst();
}

/** Changes a record of `userId` and `token`; anyone else's record is not found. */
export async function updateIncome(
  db: DB,
  userId: number,
  token: TIncomeToken,
  id: number,
  values: IncomeValues,
) {
  const row = await db
    .updateTable('income_records')
    .set({ ...values, updated_at: nowTimestamp() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toRecord(row);
}

export function deleteIncome(db: DB, userId: number, token: TIncomeToken, id: number) {
  return db
    .deleteFrom('income_records')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .returning('id')
    .executeTakeFirst();
}
