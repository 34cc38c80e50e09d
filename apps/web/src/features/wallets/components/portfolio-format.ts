import type { TTokenHolding } from '@nexusplay/contract/portfolio';
import {
  formatMoney,
  formatTokenAmountUpTo,
  type DisplayCurrency,
} from '../../../lib/format-money';
import { formatTimestamp } from '../../../lib/format-timestamp';

/** Token amounts are shown to at most 4 decimals: 1234.5 PIXEL reads as "1,234.5". */
const AMOUNT_DECIMALS = 4;
const SMALLEST_SHOWN = 10 ** -AMOUNT_DECIMALS;

export const isZeroAmount = (amount: string) => /^0(\.0*)?$/.test(amount);

/**
 * The server's exact decimal text, rounded only here, for display. A holding too small for
 * 4 decimals reads "< 0.0001", never "0".
 */
export function amountText(amount: string, currency: DisplayCurrency): string {
  const value = Number(amount);
  if (!isZeroAmount(amount) && value < SMALLEST_SHOWN) {
    return `< ${formatTokenAmountUpTo(SMALLEST_SHOWN, AMOUNT_DECIMALS, currency)}`;
  }
  return formatTokenAmountUpTo(value, AMOUNT_DECIMALS, currency);
}

/** A USD figure in the page's currency, rupiah at the server's rate as on the income pages. */
export function valueText(usd: number, currency: DisplayCurrency, usdIdr: number): string {
  return formatMoney(currency === 'usd' ? usd : usd * usdIdr, currency);
}

export const holdingValueText = (
  holding: TTokenHolding,
  currency: DisplayCurrency,
  usdIdr: number,
) => (holding.value_usd === null ? 'no price' : valueText(holding.value_usd, currency, usdIdr));

export const asOfText = (asOf: string | null) => (asOf ? (formatTimestamp(asOf) ?? asOf) : '');

/** What a stale figure says about itself. */
export const staleText = (asOf: string | null) =>
  `As of ${asOfText(asOf)}, the Ronin node is not answering.`;

export const UNAVAILABLE_TEXT = 'Balances unavailable: the Ronin node is not answering.';
