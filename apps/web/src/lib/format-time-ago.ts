/*
 * A moment told as its distance from now ("3 hours ago"), for lists that say when something last
 * happened, with formatMoment's exact time beside it. Apart from lib/format-date, whose module
 * the first visit's code carries, so that only the pages that use it pay for it.
 */
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** The units a moment's distance from now is told in, each with how many seconds it holds. */
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A moment (ISO-8601) told as its distance from `now` in the visitor's locale, such as "5 minutes
 * ago" or "yesterday" in American English, in the largest whole unit; under a minute is "now".
 * Undefined when it cannot be read.
 */
export function formatTimeAgo(
  value: string | null | undefined,
  now: Date = new Date(),
): string | undefined {
  if (!value) return undefined;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return undefined;
  const seconds = (time - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return relativeFormat.format(0, 'second');
}
