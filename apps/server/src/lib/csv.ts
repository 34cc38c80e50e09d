import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from './app-error.js';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is written with
 * a leading apostrophe, so an exported list can be opened safely.
 */
const neutralise = (value: string | null) =>
  value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | null)[])[],
): string {
  return stringify([header, ...rows.map((row) => row.map(neutralise))]);
}

export type CsvRecord = { line: number; values: Record<string, string> };

/**
 * Parses CSV with a header row into records keyed by the header's (lower-cased) names, each with
 * the line it started on, for error reports a person can find in their file.
 */
export function parseCsv(text: string, maxRows: number): CsvRecord[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      to: maxRows + 1,
    });
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length > maxRows) throw badRequest(`The file has more than ${maxRows} rows.`);
  return records.map(({ record, info }) => ({ line: info.lines, values: record }));
}
