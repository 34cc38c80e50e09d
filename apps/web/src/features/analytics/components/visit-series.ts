import type { TVisitsItem } from '@nexusplay/contract/stats';

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const weekdayLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

// The server's days and months are UTC calendar dates, so they are written out in UTC too.
const asUtcDate = (day: string) => new Date(`${day}T00:00:00Z`);

export type DailyVisits = { day: string; label: string; visits: number };
export type MonthlyNewUsers = { label: string; newUsers: number };

/** Page views of each of the last `days` days, labelled "Mar 5" or, with the weekday, "Mon, Mar 3". */
export function recentVisits(
  items: TVisitsItem[],
  days: number,
  { withWeekday = false } = {},
): DailyVisits[] {
  const format = withWeekday ? weekdayLabel : dayLabel;
  return items.slice(-days).map(({ day, visits }) => ({
    day,
    label: format.format(asUtcDate(day)),
    visits,
  }));
}

/**
 * New accounts per calendar month, oldest first. Days before the first 1st of a month are left
 * out: that month's small count would read as a slow month rather than a partial one.
 */
export function monthlyNewUsers(items: TVisitsItem[]): MonthlyNewUsers[] {
  const firstWholeMonth = items.findIndex(({ day }) => day.endsWith('-01'));
  const months = new Map<string, number>();
  for (const { month, newUsers } of items.slice(Math.max(firstWholeMonth, 0))) {
    months.set(month, (months.get(month) ?? 0) + newUsers);
  }
  return [...months].map(([month, newUsers]) => ({
    label: monthLabel.format(asUtcDate(`${month}-01`)),
    newUsers,
  }));
}
