/*
 * Every date the app shows is written here, in one of two forms, the visitor's locale's (an
 * undefined locale is the browser's): a day (a blog post's date, an income record's) and a
 * moment (when a notification was sent, when a price was taken). Screens never format dates
 * themselves. A moment's distance from now ("3 hours ago") is told by lib/format-time-ago.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });
const momentFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * A day (YYYY-MM-DD) written out, such as "March 5, 2025" in American English, or undefined when
 * there is none. It is read as a day, not an instant, so no time zone can move it to the day
 * before.
 */
export function formatDay(value: string | null | undefined): string | undefined {
  const match = value ? CALENDAR_DATE.exec(value) : null;
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return dayFormat.format(date);
}

/**
 * A moment (ISO-8601) in the visitor's own time zone, such as "Mar 5, 2025, 2:07 PM" in American
 * English, or undefined when it cannot be read.
 */
export function formatMoment(value: string | null | undefined): string | undefined {
  // new Date(null) is 1970, not "unknown".
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : momentFormat.format(date);
}

/** Today in the visitor's own calendar, as YYYY-MM-DD. */
export function todayAsCalendarDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
