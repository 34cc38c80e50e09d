import type { TPortfolioHistory } from '@nexusplay/contract/portfolio';
import { lazy, memo, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { DisplayCurrency } from '../../../lib/format-money';

// The charting library arrives in a file of its own, after the table, never with the site.
const PortfolioHistoryChart = lazy(async () => ({
  default: (await import('./portfolio-history-chart')).PortfolioHistoryChart,
}));

type PortfolioHistorySectionProps = {
  history: TPortfolioHistory | undefined;
  failed: boolean;
  currency: DisplayCurrency;
};

export const PortfolioHistorySection = memo(function PortfolioHistorySection({
  history,
  failed,
  currency,
}: PortfolioHistorySectionProps) {
  const hasDays = history?.days.some((day) => day.total_usd !== null) ?? false;
  return (
    <section
      aria-labelledby="portfolio-history-heading"
      className="mt-6 rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
    >
      <h2 id="portfolio-history-heading" className="text-lg font-semibold text-white">
        Portfolio value, last 30 days
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Taken once a day (UTC), in {currency === 'usd' ? 'US dollars' : 'rupiah'}; a day without a
        figure is left blank.
      </p>
      <div className="mt-4 h-64">
        {failed ? (
          <p className="flex size-full items-center justify-center text-sm text-slate-400">
            The history could not be loaded.
          </p>
        ) : history === undefined ? (
          <Skeleton className="size-full" />
        ) : !hasDays ? (
          <p className="flex size-full items-center justify-center text-sm text-slate-400">
            The chart appears after the first daily snapshot of your wallets.
          </p>
        ) : (
          <Suspense fallback={<Skeleton className="size-full" />}>
            <PortfolioHistoryChart history={history} currency={currency} />
          </Suspense>
        )}
      </div>
    </section>
  );
});
