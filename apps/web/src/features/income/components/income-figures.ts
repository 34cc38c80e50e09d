import { PRICE_HISTORY_REACH_DAYS, type TIncomeRecord } from '@nexusplay/contract/income';
import { numberOr, textOf, textOr, type Loose } from '../../../lib/display';
import { formatTokenAmountUpTo, formatUsd, type DisplayCurrency } from '../../../lib/format-money';

/** A figure that is not there is pending (null), never 0: see incomeIn. */
const numberOrNull = (value: unknown): number | null =>
  Number.isFinite(value) ? Number(value) : null;

/**
 * A record as the table and the figures use it, whatever the server left out: amounts default
 * to 0 (SPEC 5), texts to empty; a missing price or rate reads as pending.
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
    net_income: numberOrNull(record.net_income),
    price_usd: numberOrNull(record.price_usd),
    usd_idr: numberOrNull(record.usd_idr),
    usd_idr_date: textOf(record.usd_idr_date) || null,
    created_at: textOf(record.created_at),
  };
}

/**
 * Every figure is converted with the price and rate stored with its record, those of the
 * record's own day, so it keeps its value whatever the price does later. A figure whose price
 * or rate is still pending is null, never 0.
 */
function toCurrency(
  usd: number | null,
  record: TIncomeRecord,
  currency: DisplayCurrency,
): number | null {
  if (usd === null || currency === 'usd') return usd;
  return record.usd_idr === null ? null : usd * record.usd_idr;
}

export function incomeIn(record: TIncomeRecord, currency: DisplayCurrency): number | null {
  const usd = record.price_usd === null ? null : record.income * record.price_usd;
  return toCurrency(usd, record, currency);
}

export function expenseIn(record: TIncomeRecord, currency: DisplayCurrency): number | null {
  const usd =
    record.expense_type === 'usd'
      ? record.expense
      : record.price_usd === null
        ? null
        : record.expense * record.price_usd;
  return toCurrency(usd, record, currency);
}

/** The expense in tokens: as entered, or the dollars at the record's price (null: pending). */
function expenseTokens(record: TIncomeRecord): number | null {
  if (record.expense_type !== 'usd') return record.expense;
  return record.price_usd ? record.expense / record.price_usd : null;
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
  const tokens = expenseTokens(record);
  const usd = expenseIn(record, 'usd');
  // Without its day's price one side is unknown; the server's words say which is pending.
  if (tokens === null || usd === null) return record.converted_expense;
  return `${formatTokenAmountUpTo(tokens, 2, currency)} ${tokenLabel} (${formatUsd(usd, 2, currency)})`;
}

/** The server's own net income (USD), so the page and the stored record never disagree. */
export function netIncomeIn(record: TIncomeRecord, currency: DisplayCurrency): number | null {
  return toCurrency(record.net_income, record, currency);
}

const DAY_MS = 86_400_000;

/**
 * Why a figure is pending, for its tooltip: a day beyond the price service's reach has no price to
 * wait for; any other waits for its day's price or rate, asked for in the background.
 */
export function pendingReason(record: TIncomeRecord, needsPrice = true, now = new Date()): string {
  if (pendingLabel(record, needsPrice) === 'Rate pending')
    return `Waiting for the USD→IDR rate of ${record.date}; the figure appears once it is known.`;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const age = (today - Date.parse(`${record.date}T00:00:00Z`)) / DAY_MS;
  if (age > PRICE_HISTORY_REACH_DAYS)
    return `No price for ${record.date}: the price service's free plan gives past prices for the last ${PRICE_HISTORY_REACH_DAYS} days only, so this record stays price pending.`;
  return `Waiting for the price of ${record.date}; the record is valued as soon as it is known.`;
}

/** What a figure without a value waits for; `needsPrice`: false for a dollar amount. */
export function pendingLabel(
  record: TIncomeRecord,
  needsPrice = true,
): 'Price pending' | 'Rate pending' {
  return needsPrice && record.price_usd === null ? 'Price pending' : 'Rate pending';
}

/** The totals of the valued records, and how many records are left out while pending. */
export type IncomeTotals = { income: number; expense: number; net: number; pending: number };

export function totalsOf(records: readonly TIncomeRecord[], currency: DisplayCurrency) {
  return records.reduce<IncomeTotals>(
    (totals, record) => {
      const net = netIncomeIn(record, currency);
      if (net === null) return { ...totals, pending: totals.pending + 1 };
      return {
        income: totals.income + (incomeIn(record, currency) ?? 0),
        expense: totals.expense + (expenseIn(record, currency) ?? 0),
        net: totals.net + net,
        pending: totals.pending,
      };
    },
    { income: 0, expense: 0, net: 0, pending: 0 },
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

/** Net income per calendar month (YYYY-MM), oldest first, for the chart; pending ones left out. */
export function monthlyNetIncome(
  records: readonly TIncomeRecord[],
  currency: DisplayCurrency,
): MonthlyNet[] {
  const byMonth = new Map<string, number>();
  for (const record of records) {
    const net = netIncomeIn(record, currency);
    if (net === null) continue;
    const month = record.date.slice(0, 7);
    // A record without a date has no month to stand in.
    if (!/^\d{4}-\d{2}$/.test(month)) continue;
    byMonth.set(month, (byMonth.get(month) ?? 0) + net);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, net]) => ({
      month,
      label: monthLabel.format(new Date(`${month}-01T00:00:00Z`)),
      net,
    }));
}
