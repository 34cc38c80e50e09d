import type { TPortfolioResponse, TTokenHolding } from '@nexusplay/contract/portfolio';
import {
  formatIdr,
  formatMoney,
  formatTokenAmountUpTo,
  type DisplayCurrency,
} from '../../../lib/format-money';
import { formatMoment } from '../../../lib/format-date';

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

export const asOfText = (asOf: string | null) => (asOf ? (formatMoment(asOf) ?? asOf) : '');

/** What a stale figure says about itself. */
export const staleText = (asOf: string | null) =>
  `As of ${asOfText(asOf)}, the Ronin node is not answering.`;

export const UNAVAILABLE_TEXT = 'Balances unavailable: the Ronin node is not answering.';

/** What a total reads when it is not known: never a 0. */
export const UNKNOWN_TOTAL_TEXT = 'Unavailable';

/** Why the portfolio's total is unknown, from what it leaves out. */
export function unknownTotalReason({ wallets, summary, sources }: TPortfolioResponse): string {
  if (summary.unavailable === wallets.length) {
    return 'No balance has been read yet: the Ronin node is not answering.';
  }
  if (sources.price.asOf === null) return 'No prices yet: the price service has not answered.';
  return `No price for ${summary.unpriced.join(', ')}.`;
}

/** What the prices and the rate say of themselves when they are not current. */
export function figureNotes(portfolio: TPortfolioResponse, currency: DisplayCurrency): string[] {
  const { price, rate } = portfolio.sources;
  const notes: string[] = [];
  if (price.asOf === null) {
    notes.push('No prices yet: the price service has not answered, so no token is valued.');
  } else if (price.stale && !price.checking) {
    notes.push(
      `Prices as of ${asOfText(price.asOf)}: the price service is not answering, so the last prices received are shown.`,
    );
  }
  if (currency === 'idr' && rate.asOf === null) {
    notes.push(
      `The exchange-rate service has not answered yet: rupiah at the fallback rate of ${formatIdr(portfolio.usd_idr)} per USD.`,
    );
  } else if (currency === 'idr' && rate.stale && !rate.checking) {
    notes.push(
      `USD→IDR rate as of ${asOfText(rate.asOf)}: the exchange-rate service is not answering, so the last rate received is used.`,
    );
  }
  return notes;
}

/**
 * What a Refresh found: the balances' time and how long until the node is asked again (a
 * Refresh before then answers the same amounts), or that the node is not answering.
 */
export function refreshText(portfolio: TPortfolioResponse, now: number): string | null {
  const { summary, wallets } = portfolio;
  if (wallets.length === 0) return null;
  const nextCheck = portfolio.next_check ? Date.parse(portfolio.next_check) : NaN;
  const next = Number.isNaN(nextCheck)
    ? ''
    : `, next check in ${Math.max(1, Math.ceil((nextCheck - now) / 1000))} s`;
  if (summary.unavailable > 0 || summary.stale > 0) {
    return `The Ronin node is not answering${next}.`;
  }
  return `Up to date as of ${asOfText(summary.as_of)}${next}.`;
}
