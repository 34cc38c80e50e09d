import type { TActivityCounterparty, TActivityItem } from '@nexusplay/contract/activity';
import { ArrowDownLeftIcon, ArrowUpRightIcon, ExternalLinkIcon } from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { shortenAddress } from '../../../lib/format-address';
import { formatMoment } from '../../../lib/format-date';
import { formatIdr, formatUsd } from '../../../lib/format-money';
import { formatExactAmount, shortHash, transactionUrl } from './activity-display';

/** Said where a value waits for its day's price, as on the income pages. */
export const PRICE_PENDING = 'Price pending';
const PRICE_PENDING_REASON =
  'The daily price history has no price (or exchange rate) for this day yet.';

export function TransferTime({ item }: { item: TActivityItem }) {
  return (
    <time dateTime={item.time} className="whitespace-nowrap tabular-nums">
      {formatMoment(item.time) ?? item.time}
    </time>
  );
}

export function Direction({ item }: { item: TActivityItem }) {
  const incoming = item.direction === 'in';
  const Icon = incoming ? ArrowDownLeftIcon : ArrowUpRightIcon;
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        incoming ? 'bg-emerald-500/10 text-emerald-300' : 'bg-amber-500/10 text-amber-300',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {incoming ? 'In' : 'Out'}
    </span>
  );
}

/** The exact amount, signed by its direction, so a column of them reads at a glance. */
export function Amount({ item }: { item: TActivityItem }) {
  return (
    <span className="tabular-nums">
      {item.direction === 'in' ? '+' : '−'}
      {formatExactAmount(item.amount)}
    </span>
  );
}

/** One of the user's wallets by its name, else the short address with the whole one for readers. */
export function Counterparty({ counterparty }: { counterparty: TActivityCounterparty }) {
  if ('wallet_name' in counterparty)
    return (
      <span className="font-medium text-white">{counterparty.wallet_name || 'Unnamed wallet'}</span>
    );
  return (
    <span title={counterparty.address} className="font-mono text-xs">
      <span aria-hidden="true">{shortenAddress(counterparty.address)}</span>
      <span className="sr-only">{counterparty.address}</span>
    </span>
  );
}

export function Value({ value, currency }: { value: number | null; currency: 'usd' | 'idr' }) {
  if (value === null)
    return (
      <span className="text-amber-300" title={PRICE_PENDING_REASON}>
        {PRICE_PENDING}
      </span>
    );
  return (
    <span className="tabular-nums">
      {currency === 'usd'
        ? formatUsd(value, value !== 0 && Math.abs(value) < 0.01 ? 4 : 2)
        : formatIdr(value)}
    </span>
  );
}

export function ExplorerLink({ item }: { item: TActivityItem }) {
  return (
    <a
      href={transactionUrl(item.tx_hash)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Transaction ${item.tx_hash} on the Ronin explorer (opens in a new tab)`}
      title={item.tx_hash}
      className="inline-flex items-center gap-1 font-mono text-xs text-indigo-300 hover:text-indigo-200 hover:underline"
    >
      {shortHash(item.tx_hash)}
      <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
    </a>
  );
}
