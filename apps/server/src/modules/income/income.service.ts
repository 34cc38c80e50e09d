import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import {
  incomeDateAfterToday,
  type incomeRequestSchema,
  type TIncomeRecord,
  type TIncomeToken,
} from '@nexusplay/contract/income';
import type { Db } from '../../db/database.js';
import { overCap, roomInTracker } from '../../db/row-caps.js';
import type { Database } from '../../db/schema.js';
import type { DayValuation, DayValueOptions } from '../../gateway/day-values.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { JsonItems } from '../../lib/json-items.js';
import { dayIn } from '../../lib/dates.js';
import {
  deleteIncome,
  getIncomeValuation,
  incomeAfter,
  insertIncome,
  listIncome,
  listIncomeJson,
  setIncomeValuation,
  updateIncome,
  type ValuationFields,
} from './income.repository.js';

/** How each token is named in the converted expense and the CSV's header ("120 Pixels"). */
export const TOKEN_LABEL: Record<TIncomeToken, string> = { pixels: 'Pixels', axs: 'AXS' };

export type IncomeInput = { amount: number; expense: number; expense_type: 'usd' | TIncomeToken };

/**
 * The day a submitted record is dated: the one it gives, or today in `timeZone` when it gives
 * none. A day after today is refused on the date field, as no price will be known for it.
 */
export function recordDay(date: string | undefined, timeZone: string, now = new Date()) {
  const today = dayIn(timeZone, now);
  if (date === undefined) return today;
  if (date > today) {
    const message = incomeDateAfterToday(today);
    throw badRequest(message, { date: message });
  }
  return date;
}

/** Where the figures of a record's day come from (the gateway's DayValues). */
export type DayValueSource = {
  on(token: TIncomeToken, day: string, options: DayValueOptions): Promise<DayValuation>;
};

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The expense as the form sends it (SPEC 5): whole tokens, or dollars to the cent. */
export const roundExpense = (input: IncomeInput) =>
  input.expense_type === 'usd' ? round(input.expense, 2) : Math.round(input.expense);

/**
 * What a record derives from the token price of its day: the expense in both units
 * ("{n} Pixels ($x.xx)") and the net income in USD. Without a price both wait: the expense is
 * written in the unit it was entered in, marked "(price pending)", and the net income is null.
 */
export function deriveIncome(token: TIncomeToken, input: IncomeInput, priceUsd: number | null) {
  const expense = roundExpense(input);
  const label = TOKEN_LABEL[token];
  if (priceUsd === null) {
    return {
      expense,
      converted_expense:
        input.expense_type === 'usd'
          ? `$${expense.toFixed(2)} in ${label} (price pending)`
          : `${round(expense, 2)} ${label} (price pending)`,
      net_income: null,
    };
  }
  const expenseUsd = input.expense_type === 'usd' ? expense : expense * priceUsd;
  const expenseTokens =
    input.expense_type === 'usd' ? (priceUsd > 0 ? expense / priceUsd : 0) : expense;
  return {
    expense,
    converted_expense: `${round(expenseTokens, 2)} ${label} ($${expenseUsd.toFixed(2)})`,
    net_income: round(input.amount * priceUsd - expenseUsd, 6),
  };
}

/** The stored fields of a record valued at `valuation`. */
export function valuedFields(token: TIncomeToken, input: IncomeInput, valuation: DayValuation) {
  const derived = deriveIncome(token, input, valuation.priceUsd);
  return {
    expense: derived.expense,
    price_usd: valuation.priceUsd,
    usd_idr: valuation.usdIdr,
    usd_idr_date: valuation.usdIdrDate,
    converted_expense: derived.converted_expense,
    net_income: derived.net_income,
  };
}

type SavedValuation = Pick<TIncomeRecord, 'date' | 'price_usd' | 'usd_idr' | 'usd_idr_date'>;

/**
 * The valuation of an edited record: on the same day it keeps the figures it has (its history
 * does not drift with later prices) and gets the ones still missing; on a new day, that day's.
 */
export async function valuationForEdit(
  days: DayValueSource,
  token: TIncomeToken,
  saved: SavedValuation,
  date: string,
): Promise<DayValuation> {
  const sameDay = date === saved.date;
  if (sameDay && saved.price_usd !== null && saved.usd_idr !== null) {
    return { priceUsd: saved.price_usd, usdIdr: saved.usd_idr, usdIdrDate: saved.usd_idr_date };
  }
  const fresh = await days.on(token, date, { wait: true });
  if (!sameDay) return fresh;
  return {
    priceUsd: saved.price_usd ?? fresh.priceUsd,
    ...(saved.usd_idr !== null
      ? { usdIdr: saved.usd_idr, usdIdrDate: saved.usd_idr_date }
      : { usdIdr: fresh.usdIdr, usdIdrDate: fresh.usdIdrDate }),
  };
}

const isPending = (record: TIncomeRecord) => record.price_usd === null || record.usd_idr === null;

/** Whether any of `records` still waits for its day's price or rate. */
export const hasPending = (records: readonly TIncomeRecord[]) => records.some(isPending);

/** A pending record's new fields, when its day now has a figure it lacked. */
function newlyValued(
  token: TIncomeToken,
  record: TIncomeRecord,
  known: DayValuation,
): ValuationFields | undefined {
  const valuation: DayValuation = {
    priceUsd: record.price_usd ?? known.priceUsd,
    ...(record.usd_idr !== null
      ? { usdIdr: record.usd_idr, usdIdrDate: record.usd_idr_date }
      : { usdIdr: known.usdIdr, usdIdrDate: known.usdIdrDate }),
  };
  if (valuation.priceUsd === record.price_usd && valuation.usdIdr === record.usd_idr) return;
  const input = {
    amount: record.income,
    expense: record.expense,
    expense_type: record.expense_type as IncomeInput['expense_type'],
  };
  const { expense: _expense, ...fields } = valuedFields(token, input, valuation);
  return fields;
}

/** Days looked up per list read: a list of many pending days is settled over several reads. */
const DAYS_PER_READ = 10;
/**
 * When each token-day was last looked up, so that the reads take turns over the pending days. A
 * day forgotten past the bound simply counts as never looked up.
 */
const lastLooked = new LRUCache<string, number>({ max: 10_000 });

/** The pending days of a list to look up in this read, and which figures each one lacks. */
function daysToLookUp(token: TIncomeToken, records: TIncomeRecord[]) {
  const wanted = new Map<string, { price: boolean; rate: boolean }>();
  for (const record of records.filter(isPending)) {
    const want = wanted.get(record.date) ?? { price: false, rate: false };
    want.price ||= record.price_usd === null;
    want.rate ||= record.usd_idr === null;
    wanted.set(record.date, want);
  }
  const chosen = [...wanted.keys()]
    .sort(
      (a, b) => (lastLooked.peek(`${token}:${a}`) ?? 0) - (lastLooked.peek(`${token}:${b}`) ?? 0),
    )
    .slice(0, DAYS_PER_READ);
  for (const day of chosen) lastLooked.set(`${token}:${day}`, Date.now());
  return chosen.map((day) => ({ day, ...wanted.get(day)! }));
}

/**
 * Values the pending records among `records` with the figures known for their days, storing
 * each one valued; a missing figure is asked for in the background, so the next read (the page
 * reads every 5 seconds) values it. Answers the list with the valued records in place.
 */
export async function settlePendingIncome(
  db: Kysely<Database>,
  days: DayValueSource,
  token: TIncomeToken,
  records: TIncomeRecord[],
): Promise<TIncomeRecord[]> {
  const lookUps = daysToLookUp(token, records);
  if (lookUps.length === 0) return records;
  const known = new Map(
    await Promise.all(
      lookUps.map(
        async ({ day, price, rate }) =>
          [day, await days.on(token, day, { wait: false, price, rate })] as const,
      ),
    ),
  );
  const settled = new Map<number, TIncomeRecord>();
  for (const record of records) {
    const day = known.get(record.date);
    const fields = day && isPending(record) ? newlyValued(token, record, day) : undefined;
    const valued = fields && (await setIncomeValuation(db, record, fields));
    if (valued) settled.set(record.id, valued);
  }
  return settled.size ? records.map((record) => settled.get(record.id) ?? record) : records;
}

/** A submitted form, as validated. */
export type IncomeRequest = z.output<ReturnType<typeof incomeRequestSchema>>;

/** What one tracker needs from the app; `cap` is how many records one tracker may hold. */
export type IncomeDeps = {
  database: Db;
  days: DayValueSource;
  timeZone: string;
  cap: number;
};

const NOT_FOUND = 'This record does not exist.';

/** One income tracker (Pixels or AXS): each user's own records, valued at their day's figures. */
export function incomeService({ database, days, timeZone, cap }: IncomeDeps, token: TIncomeToken) {
  const { kysely: db, engine } = database;
  /** Everything the server stores for a submitted form dated `date`, at `valuation`. */
  const valuesFor = (input: IncomeRequest, date: string, valuation: DayValuation) => ({
    amount: input.amount,
    expense_type: input.expense_type,
    expense_description: input.expense_description,
    date,
    ...valuedFields(token, input, valuation),
  });

  return {
    /**
     * The user's records newest date first, pending ones valued where their day now has figures:
     * while none is pending, as the JSON the database wrote (nothing to value).
     */
    async list(userId: number): Promise<JsonItems | TIncomeRecord[]> {
      const { items, pending } = await listIncomeJson(database, userId, token);
      if (pending === 0) return items;
      return settlePendingIncome(db, days, token, await listIncome(db, userId, token));
    },

    /**
     * A record added, unless the tracker holds `cap` already (409 saying the cap): the count and
     * the insert are one transaction, so two parallel adds at the cap less one cannot both land.
     */
    async create(userId: number, input: IncomeRequest) {
      const date = recordDay(input.date, timeZone);
      const values = valuesFor(input, date, await days.on(token, date, { wait: true }));
      return db.transaction().execute(async (trx) => {
        if ((await roomInTracker(trx, engine, userId, token, cap, 1)) < 1)
          throw overCap(cap, `income records in this tracker`);
        return insertIncome(trx, userId, token, values);
      });
    },

    async update(userId: number, id: number, input: IncomeRequest) {
      const saved = await getIncomeValuation(db, userId, token, id);
      if (!saved) throw notFound(NOT_FOUND);
      const date = recordDay(input.date, timeZone);
      const valuation = await valuationForEdit(days, token, saved, date);
      const record = await updateIncome(db, userId, token, id, valuesFor(input, date, valuation));
      if (!record) throw notFound(NOT_FOUND);
      return record;
    },

    async remove(userId: number, id: number) {
      if (!(await deleteIncome(db, userId, token, id))) throw notFound(NOT_FOUND);
    },

    /** A page of the user's records after id `after`, for the CSV export. */
    pageAfter: (userId: number, after: number, limit: number) =>
      incomeAfter(db, userId, token, { after, limit }),

    /** The CSV file's name: the token and today in `timeZone`. */
    exportName: () => `income-${token}-${dayIn(timeZone)}.csv`,
  };
}
