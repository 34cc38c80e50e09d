import type { TAlert } from '@nexusplay/contract/alerts';
import { MailCheckIcon, MailXIcon } from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { formatMoment } from '../../../lib/format-date';
import { formatTimeAgo } from '../../../lib/format-time-ago';
import { formatIdr, formatUsd } from '../../../lib/format-money';
import { STATE_LABELS, stateHint } from './alert-display';

/** The price at the last check, as prices show elsewhere: 4 places in USD (SPEC 9). */
function lastPriceText(alert: TAlert): string | undefined {
  if (alert.last_price === null) return undefined;
  return alert.currency === 'usd'
    ? formatUsd(alert.last_price, 4)
    : formatIdr(alert.last_price, alert.last_price < 100 ? 2 : 0);
}

/** "Last seen $0.0498", or that no price has been checked against the line yet. */
export function LastPrice({ alert }: { alert: TAlert }) {
  const text = lastPriceText(alert);
  return (
    <span className="text-xs text-slate-400">
      {text === undefined ? 'Not checked yet' : `Last seen ${text}`}
    </span>
  );
}

export function StateBadge({ alert }: { alert: TAlert }) {
  const fired = alert.state === 'fired';
  return (
    <span
      title={stateHint(alert)}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        fired ? 'bg-amber-400/15 text-amber-300' : 'bg-emerald-400/15 text-emerald-300',
      )}
    >
      <span
        aria-hidden="true"
        className={cx('size-1.5 rounded-full', fired ? 'bg-amber-300' : 'bg-emerald-300')}
      />
      {STATE_LABELS[alert.state]}
      <span className="sr-only">: {stateHint(alert)}</span>
    </span>
  );
}

export function MailState({ alert }: { alert: TAlert }) {
  const Icon = alert.mail ? MailCheckIcon : MailXIcon;
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 whitespace-nowrap',
        alert.mail ? 'text-slate-200' : 'text-slate-400',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {alert.mail ? 'Email on' : 'Email off'}
    </span>
  );
}

/** When the alert last went off, as "3 hours ago" with the exact time as its tooltip. */
export function LastFired({ alert, now }: { alert: TAlert; now?: Date }) {
  const ago = formatTimeAgo(alert.last_fired_at, now);
  if (!alert.last_fired_at || ago === undefined)
    return <span className="text-slate-400">Never</span>;
  const exact = formatMoment(alert.last_fired_at);
  return (
    <span className="flex flex-col">
      <time dateTime={new Date(alert.last_fired_at).toISOString()} title={exact}>
        {ago}
      </time>
      <span className="text-xs text-slate-400">
        {alert.fired_count === 1 ? 'Once so far' : `${alert.fired_count} times so far`}
      </span>
    </span>
  );
}
