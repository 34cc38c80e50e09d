import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment } from './format-date';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates', () => {
  it('writes a day in the locale’s long form, the same day in every time zone', () => {
    // The tests run in American English.
    expect(formatDay('2025-03-05')).toBe('March 5, 2025');
    expect(formatDay('2025-02-30')).toBeUndefined();
    expect(formatDay(null)).toBeUndefined();
  });

  it('writes a moment with its date and time in the locale’s form', () => {
    expect(formatMoment('2025-03-05T14:07:00Z')).toMatch(
      /^Mar \d{1,2}, 2025, \d{1,2}:\d{2}\s?[AP]M$/,
    );
    expect(formatMoment('not a date')).toBeUndefined();
    expect(formatMoment(null)).toBeUndefined();
  });

  it('are written by lib/format-date alone: no screen picks a locale or a date style of its own', () => {
    const offenders = sourceFiles(SRC)
      .filter((path) => !path.endsWith(join('lib', 'format-date.ts')))
      .filter((path) =>
        /toLocaleDateString|toLocaleTimeString|dateStyle|timeStyle|DateTimeFormat\('id-ID'/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });
});
