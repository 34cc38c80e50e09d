import { lazy, memo, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { DisplayCurrency } from '../../../lib/format-money';
import type { MonthlyNet } from './income-figures';

// The charting library is the largest dependency of the page; it arrives in a file of its own,
// after the table, and never with the rest of the site.
const IncomeChart = lazy(async () => ({ default: (await import('./income-chart')).IncomeChart }));

type IncomeChartSectionProps = {
  months: MonthlyNet[] | undefined;
  /** Records left out of the months because a figure of theirs is still pending. */
  pending: number;
  currency: DisplayCurrency;
};

/** What the empty chart waits for: a first record, or the prices of the records there are. */
const waitingText = (pending: number) =>
  pending === 0
    ? 'The chart appears once you have added a record.'
    : `The chart appears once a record has its day's price: ${pending} ${pending === 1 ? 'record is' : 'records are'} waiting for it.`;

/** Memoised: typing in the search box or picking a month does not redraw the chart. */
export const IncomeChartSection = memo(function IncomeChartSection({
  months,
  pending,
  currency,
}: IncomeChartSectionProps) {
  return (
    <section
      aria-labelledby="income-chart-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
    >
      <h2 id="income-chart-heading" className="text-lg font-semibold text-white">
        Net income by month
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Every record you have saved, in {currency === 'usd' ? 'US dollars' : 'rupiah'}.
      </p>
      <div className="mt-4 h-64">
        {months === undefined ? (
          <Skeleton className="size-full" />
        ) : months.length === 0 ? (
          <p className="flex size-full items-center justify-center text-sm text-slate-400">
            {waitingText(pending)}
          </p>
        ) : (
          <Suspense fallback={<Skeleton className="size-full" />}>
            <IncomeChart months={months} currency={currency} />
          </Suspense>
        )}
      </div>
    </section>
  );
});
