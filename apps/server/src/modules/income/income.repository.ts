import { sql, type Kysely } from 'kysely';
import { LIST_CAP } from '@nexusplay/contract/lists';
import type { TIncomeRecord, TIncomeToken } from '@nexusplay/contract/income';
import { nowTimestamp } from '../../db/codecs.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/database.js';
import { compiledJsonPage, pageColumn } from '../../db/paged-list.js';
import type { Database, IncomeRecordsTable } from '../../db/schema.js';
import { ownRowsAfter } from '../personal-list/personal-list.repository.js';

type DB = Kysely<Database>;

/** A record's columns, in the order the account file shows them (docs/account-export.md). */
export const COLUMNS = [
  'id',
  'token',
  'amount',
  'expense',
  'expense_type',
  'expense_description',
  'date',
  'price_usd',
  'usd_idr',
  'usd_idr_date',
  'converted_expense',
  'net_income',
  'created_at',
] as const;

export type Row = Pick<IncomeRecordsTable, Exclude<(typeof COLUMNS)[number], 'id'>> & {
  id: number;
};

export type IncomeValues = Omit<
  IncomeRecordsTable,
  'id' | 'user_id' | 'token' | 'created_at' | 'updated_at' | 'chain_transfer_id' | 'item_json'
>;

/** The record as the pages read it: the amount as `income` and under the token's own name. */
export const toRecord = (row: Row): TIncomeRecord => {
  // Spelled out rather than spread: the polled income page builds ten of these per request.
  const record: TIncomeRecord = {
    id: row.id,
    income: row.amount,
    expense: row.expense,
    expense_type: row.expense_type,
    expense_description: row.expense_description,
    converted_expense: row.converted_expense,
    date: row.date,
    net_income: row.net_income,
    price_usd: row.price_usd,
    usd_idr: row.usd_idr,
    usd_idr_date: row.usd_idr_date,
    created_at: row.created_at,
  };
  record[row.token] = row.amount;
  return record;
};

/** The records every income page polls: one shape, compiled once (db/compiled-once.ts). */
const incomeRows = compiledOnce<[userId: number, token: TIncomeToken], Row>((db, arg) =>
  db
    .selectFrom('income_records')
    .select(COLUMNS)
    .where('user_id', '=', arg(0))
    .where('token', '=', arg(1))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    // Written into the SQL text: SQLite prepares a statement whose LIMIT is a bound value again
    // on every run (db/paged-list.ts compiledJsonPage).
    .limit(sql.lit(LIST_CAP)),
);

export async function listIncome(db: DB, userId: number, token: TIncomeToken) {
  const rows = await incomeRows(db, [userId, token]);
  return rows.map(toRecord);
}

/**
 * The same records as the JSON the answer sends (toRecord's fields in its order: the amount as
 * `income`, and last under the token's own name), with how many of the user's
 * records of the token still wait for their day's price or rate, in one statement.
 */
const incomeJson = (token: TIncomeToken) =>
  compiledJsonPage<[userId: number]>((db, arg) => ({
    rows: db
      .selectFrom('income_records')
      // The page's order and each record as its row keeps it (migration 0024).
      .select(['id', 'date', 'item_json'])
      .where('user_id', '=', arg(0))
      .where('token', '=', token)
      .orderBy('date', 'desc')
      .orderBy('id', 'desc'),
    order: [
      ['date', 'desc'],
      ['id', 'desc'],
    ],
    // toRecord's fields in its order, as the answer's schema has them.
    item: pageColumn('item_json'),
    // Counted instead of the rows: the records pending (isPending in income.service.ts).
    totalOf: {
      expression: db
        .selectFrom('income_records')
        .select(sql`count(*)`.as('pending'))
        .where('user_id', '=', arg(0))
        .where('token', '=', token)
        .where((eb) => eb.or([eb('price_usd', 'is', null), eb('usd_idr', 'is', null)])),
    },
  }));
const incomeJsonOf = { pixels: incomeJson('pixels'), axs: incomeJson('axs') };

/** The user's records of `token` as the JSON the answer sends, and how many are pending. */
export async function listIncomeJson(database: Db, userId: number, token: TIncomeToken) {
  const { items, total } = await incomeJsonOf[token](database, [userId], { limit: LIST_CAP });
  return { items, pending: total };
}

/** The user's records of `token` after the id `after`, `limit` of them in id order (a CSV page). */
export async function incomeAfter(
  db: DB,
  userId: number,
  token: TIncomeToken,
  page: { after: number; limit: number },
) {
  const rows = await ownRowsAfter<Row>(
    db,
    'income_records',
    COLUMNS,
    { userId, ...page },
    { token },
  );
  return rows.map(toRecord);
}

/** The user's records of both tokens as the account file has them, a page at a time. */
export const storedIncomeAfter = (db: DB, userId: number, after: number, limit: number) =>
  ownRowsAfter<Record<string, unknown>>(db, 'income_records', [...COLUMNS, 'updated_at'], {
    userId,
    after,
    limit,
  });

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

/** What a record was valued at, and for which day. */
export function getIncomeValuation(db: DB, userId: number, token: TIncomeToken, id: number) {
  return db
    .selectFrom('income_records')
    .select(['date', 'price_usd', 'usd_idr', 'usd_idr_date'])
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

export type ValuationFields = Pick<
  IncomeRecordsTable,
  'price_usd' | 'usd_idr' | 'usd_idr_date' | 'converted_expense' | 'net_income'
>;

/**
 * Stores the valuation of a record that was pending, unless it changed since it was read (an
 * edit in between values it itself): the figures it was derived from must still be the same.
 */
export async function setIncomeValuation(
  db: DB,
  record: TIncomeRecord,
  values: ValuationFields,
): Promise<TIncomeRecord | undefined> {
  const row = await db
    .updateTable('income_records')
    .set(values)
    .where('id', '=', record.id)
    .where('date', '=', record.date)
    .where('amount', '=', record.income)
    .where('expense', '=', record.expense)
    .where('expense_type', '=', record.expense_type)
    .where((eb) => eb.or([eb('price_usd', 'is', null), eb('usd_idr', 'is', null)]))
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toRecord(row);
}
