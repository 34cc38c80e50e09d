import type { TIncomeRecord } from '@nexusplay/contract/income';
import type { IncomeTokenConfig } from '../api/income-token';

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A figure still pending is an empty cell: 0 would add up as a real value. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text =
    typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The records as CSV (RFC 4180). Text the user typed is neutralised against formulas; numbers
 * are written as plain numbers, so a loss stays a negative number a spreadsheet can add up.
 */
export function toIncomeCsv(records: readonly TIncomeRecord[], config: IncomeTokenConfig): string {
  const header = [
    'Date',
    `Income (${config.label})`,
    'Expense',
    'Expense type',
    'Expense description',
    'Converted expense',
    'Net income (USD)',
    'Price (USD)',
    'USD/IDR',
    'USD/IDR of',
  ];
  const rows = records.map((record) => [
    record.date,
    record.income,
    record.expense,
    record.expense_type,
    record.expense_description,
    record.converted_expense,
    record.net_income,
    record.price_usd,
    record.usd_idr,
    record.usd_idr_date,
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** Some browsers read the file only after the click has returned, so the address lives on. */
const DOWNLOAD_URL_LIFETIME_MS = 30_000;

/** Saves `csv` as a file; the byte-order mark lets spreadsheet programs read it as UTF-8. */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
