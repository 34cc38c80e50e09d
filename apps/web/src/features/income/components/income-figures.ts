import type { TIncomeRecord } from '@nexusplay/contract/income';
import { numberOr, textOf, textOr, type Loose } from '../../../lib/display';
import { formatTokenAmountUpTo, formatUsd, type DisplayCurrency } from '../../../lib/format-money';

/** SPEC 8: the rate used when there is none to be had. */
const FALLBACK_USD_IDR = 15_000;

/**
 * A record as the table and the figures use it, whatever the server left out: amounts default
 * to 0 (SPEC 5), texts to empty, the rate to the spec's fallback.
 */
export function incomeRecordOf(record: Loose<TIncomeRecord>): TIncomeRecord {
  return {
    id: record.id,
    income: numberOr(record.income),
    expense: numberOr(record.expense),
    expense_type: textOr(record.expense_type, 'usd'),
    expense_description: textOf(record.expense_description),
    converted_expense: textOf(record.converted_expense),
    date: textOf(record.date),
    net_income: numberOr(record.net_income),
    price_usd: numberOr(record.price_usd),
    usd_idr: numberOr(record.usd_idr, FALLBACK_USD_IDR),
    created_at: textOf(record.created_at),
  };
}

/**
 * Every figure is converted with the price and rate stored with its record, so a record keeps
 * the value it had on the day it was saved whatever the price does later.
 */
function toCurrency(usd: number, record: TIncomeRecord, currency: DisplayCurrency): number {
  return currency === 'usd' ? usd : usd * record.usd_idr;
}

export function incomeIn(record: TIncomeRecord, currency: DisplayCurrency): number {
  return toCurrency(record.income * record.price_usd, record, currency);
}

export function expenseIn(record: TIncomeRecord, currency: DisplayCurrency): number {
  const usd = record.expense_type === 'usd' ? record.expense : record.expense * record.price_usd;
  return toCurrency(usd, record, currency);
}

/** The expense in tokens: as entered, or the dollars at the record's price. */
function expenseTokens(record: TIncomeRecord): number {
  if (record.expense_type !== 'usd') return record.expense;
  return record.price_usd > 0 ? record.expense / record.price_usd : 0;
}

/**
 * The expense in both units, as the record's converted_expense says it ("250 Pixels ($5.00)"),
 * but written in the numbers of the currency on show: "250 Pixels (US$5,00)" in IDR mode.
 */
export function convertedExpenseText(
  record: TIncomeRecord,
  tokenLabel: string,
  currency: DisplayCurrency,
): string {
  const tokens = formatTokenAmountUpTo(expenseTokens(record), 2, currency);
  return `${tokens} ${tokenLabel} (${formatUsd(expenseIn(record, 'usd'), 2, currency)})`;
}

/** The server's own net income (USD), so the page and the stored record never disagree. */
export function netIncomeIn(record: TIncomeRecord, currency: DisplayCurrency): number {
  return toCurrency(record.net_income, record, currency);
}

export type IncomeTotals = { income: number; expense: number; net: number };

export function totalsOf(records: readonly TIncomeRecord[], currency: DisplayCurrency) {
  return records.reduce<IncomeTotals>(
    (totals, record) => ({
      income: totals.income + incomeIn(record, currency),
      expense: totals.expense + expenseIn(record, currency),
      net: totals.net + netIncomeIn(record, currency),
    }),
    { income: 0, expense: 0, net: 0 },
  );
}

/** 'all', or a month of the year from 1 (January) to 12. */
export type MonthFilter = 'all' | number;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The month (1 to 12) of a YYYY-MM-DD date. */
function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

/** SPEC 2: the records whose description or date contains the search, in the chosen month. */
export function filterRecords(
  records: readonly TIncomeRecord[],
  { search, month }: { search: string; month: MonthFilter },
): TIncomeRecord[] {
  const needle = search.trim().toLowerCase();
  return records.filter(
    (record) =>
      (month === 'all' || monthOf(record.date) === month) &&
      (needle === '' ||
        record.expense_description.toLowerCase().includes(needle) ||
        record.date.includes(needle)),
  );
}

export type MonthlyNet = { month: string; label: string; net: number };

const monthLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Net income per calendar month (YYYY-MM), oldest first, for the chart. */
export function monthlyNetIncome(
  records: readonly TIncomeRecord[],
  currency: DisplayCurrency,
): MonthlyNet[] {
  const byMonth = new Map<string, number>();
  for (const record of records) {
    const month = record.date.slice(0, 7);
    // A record without a date has no month to stand in.
    if (!/^\d{4}-\d{2}$/.test(month)) continue;
    byMonth.set(month, (byMonth.get(month) ?? 0) + netIncomeIn(record, currency));
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, net]) => ({
      month,
      label: monthLabel.format(new Date(`${month}-01T00:00:00Z`)),
      net,
    }));
}
