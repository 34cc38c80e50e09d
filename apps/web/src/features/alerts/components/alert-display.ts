import type {
  TAlert,
  TAlertCurrency,
  TAlertDirection,
  TAlertState,
} from '@nexusplay/contract/alerts';
import { formatIdr, formatUsd } from '../../../lib/format-money';

/** Decimals a line is shown with: what it was set to, within these bounds per currency. */
const DECIMALS: Record<TAlertCurrency, { min: number; max: number }> = {
  usd: { min: 2, max: 8 },
  idr: { min: 0, max: 2 },
};

function decimalsOf(value: number): number {
  const text = String(value);
  // 1e-7 and the like: more places than any bound allows.
  if (text.includes('e')) return Number.POSITIVE_INFINITY;
  return text.split('.')[1]?.length ?? 0;
}

/**
 * A price in its currency with the places it was set to, so a line of $0.0512 reads as set:
 * "$0.0512", "$5.00", "Rp 1.250", "Rp 812,5".
 */
export function formatAlertPrice(value: number, currency: TAlertCurrency): string {
  const { min, max } = DECIMALS[currency];
  const decimals = Math.min(max, Math.max(min, decimalsOf(value)));
  return currency === 'usd' ? formatUsd(value, decimals) : formatIdr(value, decimals);
}

export const DIRECTION_LABELS: Record<TAlertDirection, string> = {
  above: 'Above',
  below: 'Below',
};

/** "Above $0.0512": the line an alert watches. */
export function lineText(alert: Pick<TAlert, 'direction' | 'price' | 'currency'>): string {
  return `${DIRECTION_LABELS[alert.direction]} ${formatAlertPrice(alert.price, alert.currency)}`;
}

/** "PIXEL above $0.0512": names an alert, for its buttons and its delete confirmation. */
export function alertName(alert: Pick<TAlert, 'token' | 'direction' | 'price' | 'currency'>) {
  return `${alert.token} ${alert.direction} ${formatAlertPrice(alert.price, alert.currency)}`;
}

/**
 * The states in words: an armed alert is watching for the crossing; a fired one has gone off and
 * watches again once the price is back on the other side.
 */
export const STATE_LABELS: Record<TAlertState, string> = {
  armed: 'Watching',
  fired: 'Triggered',
};

/** What a state means for this alert, for the badge's tooltip and the phone card. */
export function stateHint(alert: Pick<TAlert, 'state' | 'direction' | 'token'>): string {
  if (alert.state === 'armed')
    return `Goes off when ${alert.token} goes ${alert.direction} the line.`;
  const back = alert.direction === 'above' ? 'below' : 'above';
  return `Went off; watches again once ${alert.token} is back ${back} the line.`;
}
