/** Today's calendar date (YYYY-MM-DD) in an IANA time zone. */
export const dayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
