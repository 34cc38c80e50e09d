const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant (ISO-8601) in the visitor's own time zone, such as "Mar 5, 2025, 2:07 PM". */
export function formatTimestamp(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dateTime.format(date);
}
