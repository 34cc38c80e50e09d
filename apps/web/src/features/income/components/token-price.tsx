import type { TPricesResponse } from '@nexusplay/contract/market';
import { AlertTriangleIcon } from 'lucide-react';
import { DataCredit } from '../../../components/ui/data-credit';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatIdr, formatUsd, type DisplayCurrency } from '../../../lib/format-money';
import { formatMoment } from '../../../lib/format-date';
import type { IncomeTokenConfig } from '../api/income-token';

type TokenPriceProps = {
  config: IncomeTokenConfig;
  prices: TPricesResponse | undefined;
  failed: boolean;
  currency: DisplayCurrency;
};

/** The token's current price (SPEC 9: 4 decimals in USD), where it comes from, and how fresh. */
export function TokenPrice({ config, prices, failed, currency }: TokenPriceProps) {
  const price = prices?.[config.token];
  const asOf = prices?.asOf ? formatMoment(prices.asOf) : undefined;
  return (
    <section
      aria-labelledby="token-price-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
    >
      <h2 id="token-price-heading" className="text-sm font-medium text-slate-400">
        Current {config.label} price
      </h2>
      {price && prices ? (
        <>
          <p className="mt-1 text-3xl font-bold text-white tabular-nums">
            {currency === 'usd' ? formatUsd(price.usd, 4) : formatIdr(price.idr, 2)}
          </p>
          <p className="mt-1 text-sm text-slate-400">1 USD = {formatIdr(prices.usdIdr)}</p>
          {prices.stale ? (
            <p className="mt-3 flex gap-2 text-sm text-amber-300">
              <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {asOf
                ? [prices.sources.price, prices.sources.rate].every(
                    (source) => !source.stale || source.checking,
                  )
                  ? 'Updating: the last price received is shown while it is asked for again.'
                  : 'Stale: the price service is not answering, so the last price received is shown.'
                : `Stale: the price service could not be reached, so fallback figures are shown (price 0, ${formatIdr(prices.usdIdr)} per USD).`}
            </p>
          ) : null}
          <DataCredit
            sources={prices.sources}
            rateNote="Every IDR figure on this page is the dollar amount times the USD→IDR rate (today's here, each record's own day in the table)."
          />
        </>
      ) : failed ? (
        <p className="mt-2 text-sm text-amber-300">
          The price could not be loaded. It is tried again every few seconds.
        </p>
      ) : (
        <div className="mt-2 space-y-2" aria-hidden="true">
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      )}
    </section>
  );
}
