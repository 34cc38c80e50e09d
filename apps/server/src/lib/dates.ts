/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting
 * with one, and a page of the activity dates each of its rows.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in an IANA time zone. */
export const dayIn = (timeZone: string, now = new Date()) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(now);
};
