import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatTimeAgo } from './format-date';

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

  it('tells a moment as its distance from now, in the largest whole unit', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(formatTimeAgo('2026-11-27T11:59:30Z', now)).toBe('now');
    expect(formatTimeAgo('2026-11-27T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatTimeAgo('2026-11-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo('2026-11-26T10:00:00Z', now)).toBe('yesterday');
    expect(formatTimeAgo('2026-10-20T12:00:00Z', now)).toBe('last month');
    expect(formatTimeAgo('not a date', now)).toBeUndefined();
    expect(formatTimeAgo(null, now)).toBeUndefined();
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
