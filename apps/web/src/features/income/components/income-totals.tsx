import { cx } from '../../../lib/class-names';
import { formatMoney, type DisplayCurrency } from '../../../lib/format-money';
import type { IncomeTotals as Totals } from './income-figures';

type IncomeTotalsProps = {
  totals: Totals | undefined;
  currency: DisplayCurrency;
};

function pendingNote(count: number, currency: DisplayCurrency) {
  const records = count === 1 ? '1 record' : `${count} records`;
  const what = currency === 'idr' ? 'price or rate' : 'price';
  const they = count === 1 ? 'It is' : 'They are';
  const their = count === 1 ? 'its' : 'their';
  return `Not counted: ${records} whose ${what} is pending. ${they} valued as soon as ${their} day's figures are known.`;
}

/** SPEC 9: income, expense and their difference, in the currency on show. */
export function IncomeTotals({ totals, currency }: IncomeTotalsProps) {
  const figures = [
    { label: 'Total Income', value: totals?.income, tone: 'text-white' },
    { label: 'Total Expense', value: totals?.expense, tone: 'text-white' },
    {
      label: 'Net Income',
      value: totals?.net,
      tone: (totals?.net ?? 0) < 0 ? 'text-red-300' : 'text-emerald-300',
    },
  ];
  return (
    <section aria-label="Totals">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {figures.map(({ label, value, tone }) => (
          <div key={label} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
            <dt className="text-sm font-medium text-slate-400">{label}</dt>
            <dd className={cx('mt-1 text-2xl font-bold tabular-nums', tone)}>
              {value === undefined ? '…' : formatMoney(value, currency)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-400">
        For the records shown below, each valued at the price and rate of its own day.
      </p>
      {totals && totals.pending > 0 ? (
        <p className="mt-1 text-xs text-amber-300">{pendingNote(totals.pending, currency)}</p>
      ) : null}
    </section>
  );
}
