import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { AppError, badRequest } from './app-error.js';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is written with
 * a leading apostrophe, so an exported list can be opened safely.
 */
export const neutralise = (value: string | null) =>
  value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

/** One column of a CSV file of `Row`s: its header and each row's cell. */
export type CsvColumn<Row> = { header: string; cell: (row: Row) => string | number | null };

/** Columns that are fields of the row, each headed by its own name: "wallet_name,…". */
export const fieldColumns = <Field extends string, Row extends { [K in Field]: string | null }>(
  fields: readonly Field[],
): CsvColumn<Row>[] => fields.map((field) => ({ header: field, cell: (row) => row[field] }));

/**
 * `rows` as CSV lines (RFC 4180), after the header line when `withHeader`. Text is neutralised;
 * a number is written as it is, so that a loss stays a negative number a spreadsheet adds up;
 * no value (a figure still pending) is an empty cell, not 0.
 */
export function csvLines<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  withHeader: boolean,
) {
  const cell = (value: string | number | null) =>
    typeof value === 'number' ? String(value) : neutralise(value);
  return stringify([
    ...(withHeader ? [columns.map((column) => column.header)] : []),
    ...rows.map((row) => columns.map((column) => cell(column.cell(row)))),
  ]);
}

export type CsvRecord = { line: number; values: Record<string, string> };

/** More columns than any import needs; a wider record is refused before parsing. */
export const CSV_MAX_COLUMNS = 100;

const [QUOTE, COMMA, LF, CR] = [0x22, 0x2c, 0x0a, 0x0d];

/**
 * Refuses a record wider than CSV_MAX_COLUMNS, in one pass over the bytes. The parser copies a
 * record that does not match the header into its diagnostics in one step (a row of a million
 * empty fields held the event loop for 80 ms), and its per-field hook would make every field
 * four times dearer. Each quote toggles quoting (a doubled quote toggles twice), so separators
 * and line breaks inside quoted fields are not counted.
 */
function refuseWideRecords(bytes: Buffer) {
  let quoted = false;
  let separators = 0;
  let line = 1;
  let recordLine = 1;
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at];
    if (byte === QUOTE) quoted = !quoted;
    else if (byte === COMMA && !quoted && ++separators >= CSV_MAX_COLUMNS)
      throw badRequest(`Line ${recordLine} has more than ${CSV_MAX_COLUMNS} columns.`);
    else if (byte === LF || (byte === CR && bytes[at + 1] !== LF)) {
      line += 1;
      if (!quoted) [separators, recordLine] = [0, line];
    }
  }
}

/** How many bytes are parsed before other requests get a turn. */
const SLICE_BYTES = 4 * 1024;

/** The bytes in slices, the event loop turning between them. */
async function* slices(bytes: Buffer) {
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    if (start > 0) await nextTurn();
    yield bytes.subarray(start, start + SLICE_BYTES);
  }
}

const headerNames = (header: string[]) => header.map((name) => name.trim().toLowerCase());

/**
 * A row's values by column name; fields past the header's columns are ignored. The header is the
 * file's, so its names may be __proto__ or constructor: the record has no prototype.
 */
function valuesOf(columns: string[], fields: string[]) {
  const values: Record<string, string> = Object.create(null);
  columns.forEach((name, index) => {
    const value = fields[index];
    if (value !== undefined) values[name] = value;
  });
  return values;
}

/**
 * Parses CSV with a header row into records keyed by the header's (lower-cased) names, each with
 * the line it started on, for error reports a person can find in their file. Parsing stops at
 * the first row past `maxRows`. A field costs the parser about a microsecond, and a file of
 * separators is a million fields, so the file is parsed in slices, letting other requests in;
 * rows come as arrays, as a row's object built by the parser would take all its fields at once.
 */
export async function parseCsv(text: string, maxRows: number): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  let columns: string[] | undefined;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
  });
  const bytes = Buffer.from(text);
  refuseWideRecords(bytes);
  try {
    await pipeline(slices(bytes), parser, async (rows: AsyncIterable<ParsedRow>) => {
      for await (const { record, info } of rows) {
        if (!columns) columns = headerNames(record);
        else if (records.length === maxRows)
          throw badRequest(`The file has more than ${maxRows} rows.`);
        else records.push({ line: info.lines, values: valuesOf(columns, record) });
      }
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(`The file is not valid CSV: ${briefly((error as Error).message)}`);
  }
  return records;
}

/** The parser's messages quote the field at fault, which may be the whole file. */
const briefly = (message: string) =>
  message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX)}…` : message;
const MESSAGE_MAX = 200;

type ParsedRow = { record: string[]; info: { lines: number } };
