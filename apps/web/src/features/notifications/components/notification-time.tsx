const indonesianDateTime = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** When a notification was sent, written the Indonesian way in the reader's own time zone. */
export function NotificationTime({ value }: { value: string | null | undefined }) {
  // new Date(null) is 1970, not "unknown".
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={date.toISOString()} className="text-xs text-slate-400">
      {indonesianDateTime.format(date)}
    </time>
  );
}
