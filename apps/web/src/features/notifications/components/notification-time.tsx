import { formatMoment } from '../../../lib/format-date';

/** When a notification was sent, in the reader's own time zone and locale. */
export function NotificationTime({ value }: { value: string | null | undefined }) {
  const shown = formatMoment(value);
  if (!value || shown === undefined) return null;
  return (
    <time dateTime={new Date(value).toISOString()} className="text-xs text-slate-400">
      {shown}
    </time>
  );
}
