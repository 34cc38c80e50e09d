export type DisplayCurrency = 'usd' | 'idr';

/**
 * The number format that goes with the currency on show: in IDR mode every number on the page
 * is written the Indonesian way (SPEC 9), token amounts and dollar figures included.
 */
const LOCALE: Record<DisplayCurrency, string> = { usd: 'en-US', idr: 'id-ID' };

type Digits = { min: number; max: number };

const cache = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to build and the tables format every cell every 5 seconds. */
function numberFormat(
  currency: DisplayCurrency,
  { min, max }: Digits,
  style?: 'currency' | 'compact',
): Intl.NumberFormat {
  const key = `${currency}|${min}|${max}|${style ?? ''}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(LOCALE[currency], {
      ...(style === 'currency' ? { style, currency: 'USD' } : {}),
      ...(style === 'compact' ? { notation: 'compact' } : {}),
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      // A loss too small to show (-0.001) must not read as "-$0.00".
      signDisplay: 'negative',
    });
    cache.set(key, format);
  }
  return format;
}

const fixed = (decimals: number): Digits => ({ min: decimals, max: decimals });

/**
 * US dollars: "$1,234.56", "-$10.00" (SPEC 9: 2 decimals; the token price uses 4); on a page in
 * IDR mode, in the Indonesian format: "US$1.234,56".
 */
export function formatUsd(value: number, decimals = 2, numbers: DisplayCurrency = 'usd'): string {
  return numberFormat(numbers, fixed(decimals), 'currency').format(value);
}

/**
 * Rupiah with the Rp prefix and Indonesian grouping (SPEC 9): "Rp 150.000", "-Rp 150.000". The
 * space is non-breaking so the prefix never ends a line apart from its number.
 */
export function formatIdr(value: number, decimals = 0): string {
  const number = numberFormat('idr', fixed(decimals)).format(value);
  return number.startsWith('-') ? `-Rp\u00a0${number.slice(1)}` : `Rp\u00a0${number}`;
}

export function formatMoney(value: number, currency: DisplayCurrency): string {
  return currency === 'usd' ? formatUsd(value) : formatIdr(value);
}

/**
 * A token amount with a fixed number of decimals: "1,250" or, for AXS income, "12.50"; in IDR
 * mode "1.250" and "12,50".
 */
export function formatTokenAmount(
  value: number,
  decimals = 0,
  numbers: DisplayCurrency = 'usd',
): string {
  return numberFormat(numbers, fixed(decimals)).format(value);
}

/** A token amount to at most `decimals` places, with no trailing zeros: "12.5", "250". */
export function formatTokenAmountUpTo(
  value: number,
  decimals: number,
  numbers: DisplayCurrency = 'usd',
): string {
  return numberFormat(numbers, { min: 0, max: decimals }).format(value);
}

/** A short figure for a chart's axis: "1.2K" in USD mode, "1,2 rb" in IDR mode. */
export function formatCompact(value: number, numbers: DisplayCurrency = 'usd'): string {
  return numberFormat(numbers, { min: 0, max: 1 }, 'compact').format(value);
}
