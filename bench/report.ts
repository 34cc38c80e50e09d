import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseOptions } from '../apps/server/src/db/database.js';
import { createScratchDatabase } from '../harness/scratch-database.js';

/** One budget of the benchmark, as printed in the final table. */
export type Check = {
  section: string;
  name: string;
  /** What was measured, in words and figures. */
  figure: string;
  budget: string;
  pass: boolean;
  /** Measured and shown without a budget: printed as INFO, never a failure. */
  informational?: boolean;
};

/** A plain text table, columns padded to their widest cell. */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

export function formatChecks(checks: Check[]): string {
  return formatTable(
    ['', 'Section', 'Check', 'Measured', 'Budget'],
    checks.map((check) => [
      check.informational ? 'INFO' : check.pass ? 'PASS' : 'FAIL',
      check.section,
      check.name,
      check.figure,
      check.budget,
    ]),
  );
}

export const ms = (value: number) => `${value < 1 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** The middle value, or the mean of the two middle values; NaN for none. */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: Float64Array, share: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Runs `measure` on a fresh SQLite file, then on a scratch PostgreSQL database when `postgresUrl`
 * is given, each in a temporary data folder removed afterwards, and gathers their checks.
 */
export async function onBothEngines(
  name: string,
  postgresUrl: string | undefined,
  measure: (engineName: string, dataDir: string, options: DatabaseOptions) => Promise<Check[]>,
): Promise<Check[]> {
  const checks: Check[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nexusplay-${name}-bench-`));
  try {
    checks.push(
      ...(await measure('SQLite', dir, { engine: 'sqlite', file: path.join(dir, `${name}.db`) })),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!postgresUrl) {
    console.log('\nNo BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured.');
    return checks;
  }
  const database = await createScratchDatabase(postgresUrl, name);
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), `nexusplay-${name}-bench-`));
  try {
    checks.push(...(await measure('PostgreSQL', pgDir, { engine: 'postgres', url: database.url })));
  } finally {
    fs.rmSync(pgDir, { recursive: true, force: true });
    await database.drop();
  }
  return checks;
}
