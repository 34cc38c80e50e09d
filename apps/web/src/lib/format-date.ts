const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date (YYYY-MM-DD) written out, such as "March 5, 2025", or undefined when there is
 * none. It is read as a day, not an instant, so no time zone can move it to the day before.
 */
export function formatCalendarDate(value: string | null | undefined): string | undefined {
  const match = value ? CALENDAR_DATE.exec(value) : null;
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return longDate.format(date);
}

/** Today in the visitor's own calendar, as YYYY-MM-DD. */
export function todayAsCalendarDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
