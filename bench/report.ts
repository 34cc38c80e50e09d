/** One budget of the benchmark, as printed in the final table. */
export type Check = {
  section: string;
  name: string;
  /** What was measured, in words and figures. */
  figure: string;
  budget: string;
  pass: boolean;
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
      check.pass ? 'PASS' : 'FAIL',
      check.section,
      check.name,
      check.figure,
      check.budget,
    ]),
  );
}

export const ms = (value: number) => `${value < 1 ? value.toFixed(2) : value.toFixed(1)} ms`;
