import type { TIncomeRecord } from '@nexusplay/contract/income';
import { CellText } from '../../../components/ui/cell-text';
import type { Column } from '../../../components/ui/data-table';
import { rowActionsColumn } from '../../../components/ui/row-actions';
import { cx } from '../../../lib/class-names';
import { formatDay } from '../../../lib/format-date';
import { formatMoney, formatTokenAmount, type DisplayCurrency } from '../../../lib/format-money';
import type { IncomeTokenConfig } from '../api/income-token';
import {
  convertedExpenseText,
  expenseIn,
  incomeIn,
  netIncomeIn,
  pendingLabel,
  pendingReason,
} from './income-figures';

type ColumnOptions = {
  config: IncomeTokenConfig;
  currency: DisplayCurrency;
  onEdit: (record: TIncomeRecord) => void;
  onDelete: (record: TIncomeRecord) => void;
};

function describeRecord(record: TIncomeRecord): string {
  return record.expense_description
    ? `the record of ${record.date} (${record.expense_description})`
    : `the record of ${record.date}`;
}

/** A figure, or what it waits for: a record without its day's price is pending, never $0. */
function Money({
  value,
  record,
  currency,
  className,
  needsPrice = true,
}: {
  value: number | null;
  record: TIncomeRecord;
  currency: DisplayCurrency;
  className?: string;
  /** False for a figure that is a dollar amount already, which waits only for a rate. */
  needsPrice?: boolean;
}) {
  if (value === null)
    return (
      <span className="text-amber-300" title={pendingReason(record, needsPrice)}>
        {pendingLabel(record, needsPrice)}
      </span>
    );
  return <span className={className}>{formatMoney(value, currency)}</span>;
}

/** In rupiah, a record converted at another day's rate (none was seen on its own) says so. */
function BorrowedRate({ record }: { record: TIncomeRecord }) {
  if (record.usd_idr === null || !record.usd_idr_date || record.usd_idr_date === record.date)
    return null;
  return (
    <span className="block text-xs font-normal text-slate-400">
      Rate of {record.usd_idr_date} (nearest known)
    </span>
  );
}

/** The records table's columns, in the currency on show. */
export function incomeColumns({
  config,
  currency,
  onEdit,
  onDelete,
}: ColumnOptions): Column<TIncomeRecord>[] {
  const currencyLabel = currency.toUpperCase();
  return [
    {
      header: 'Date',
      className: 'whitespace-nowrap tabular-nums',
      cell: (record) => {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(record.date) ? formatDay(record.date) : undefined;
        return day ? <time dateTime={record.date}>{day}</time> : 'Unknown Date';
      },
    },
    {
      header: `Income (${config.label})`,
      className: 'text-right tabular-nums',
      cell: (record) => formatTokenAmount(record.income, config.incomeDecimals, currency),
    },
    {
      header: `Income (${currencyLabel})`,
      className: 'text-right tabular-nums',
      cell: (record) => (
        <Money value={incomeIn(record, currency)} record={record} currency={currency} />
      ),
    },
    {
      header: `Expense (${currencyLabel})`,
      className: 'text-right tabular-nums',
      cell: (record) => (
        <>
          <Money
            value={expenseIn(record, currency)}
            record={record}
            currency={currency}
            className="block"
            needsPrice={record.expense_type !== 'usd'}
          />
          <span className="block text-xs text-slate-400">
            {convertedExpenseText(record, config.label, currency)}
          </span>
        </>
      ),
    },
    {
      header: 'Description',
      className: 'max-w-xs',
      cell: (record) =>
        record.expense_description ? (
          <CellText text={record.expense_description} />
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
    {
      header: `Net Income (${currencyLabel})`,
      className: 'text-right tabular-nums',
      cell: (record) => {
        const net = netIncomeIn(record, currency);
        return (
          <>
            <Money
              value={net}
              record={record}
              currency={currency}
              className={cx('font-semibold', (net ?? 0) < 0 ? 'text-red-300' : 'text-emerald-300')}
            />
            {currency === 'idr' ? <BorrowedRate record={record} /> : null}
          </>
        );
      },
    },
    rowActionsColumn(describeRecord, onEdit, onDelete),
  ];
}
