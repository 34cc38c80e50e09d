/** Calendar days as `YYYY-MM-DD` strings, counted in UTC like the stored counts. */

export const utcDayOf = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, delta: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return utcDayOf(date);
}

/** Monday of the ISO week that holds `day`. */
export function weekStart(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
