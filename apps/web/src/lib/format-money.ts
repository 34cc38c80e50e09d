export type DisplayCurrency = 'usd' | 'idr';

const cache = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to build and the tables format every cell every 5 seconds. */
function numberFormat(locale: string, decimals: number, style?: 'currency'): Intl.NumberFormat {
  const key = `${locale}|${decimals}|${style ?? ''}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      ...(style ? { style, currency: 'USD' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // A loss too small to show (-0.001) must not read as "-$0.00".
      signDisplay: 'negative',
    });
    cache.set(key, format);
  }
  return format;
}

/** US dollars: "$1,234.56", "-$10.00" (SPEC 9: 2 decimals; the token price uses 4). */
export function formatUsd(value: number, decimals = 2): string {
  return numberFormat('en-US', decimals, 'currency').format(value);
}

/**
 * Rupiah with the Rp prefix and Indonesian grouping (SPEC 9): "Rp 150.000", "-Rp 150.000". The
 * space is non-breaking so the prefix never ends a line apart from its number.
 */
export function formatIdr(value: number, decimals = 0): string {
  const number = numberFormat('id-ID', decimals).format(value);
  return number.startsWith('-') ? `-Rp\u00a0${number.slice(1)}` : `Rp\u00a0${number}`;
}

export function formatMoney(value: number, currency: DisplayCurrency): string {
  return currency === 'usd' ? formatUsd(value) : formatIdr(value);
}

/** A token amount with a fixed number of decimals: "1,250" or, for AXS income, "12.50". */
export function formatTokenAmount(value: number, decimals = 0): string {
  return numberFormat('en-US', decimals).format(value);
}
