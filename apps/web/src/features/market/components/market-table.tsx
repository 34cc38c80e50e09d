import type { TMarketItem } from '@nexusplay/contract/market';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { formatMinutes, type SortKey, type SortState } from './market-items';

const decimals = (max: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: max });
const profitFormat = decimals(4);
const priceFormat = decimals(2);

const orNotAvailable = (value: number | 'N/A', format: Intl.NumberFormat) =>
  value === 'N/A' ? 'N/A' : format.format(value);

type MarketColumn = {
  header: string;
  /** Fixed shares of the width, so the tables of every category line up under each other. */
  width: string;
  sortKey?: SortKey;
  numeric?: boolean;
  cell: (item: TMarketItem) => ReactNode;
};

const COLUMNS: MarketColumn[] = [
  {
    header: 'Name',
    width: 'w-[18%]',
    cell: (item) => <span className="font-medium text-white">{item.name}</span>,
  },
  { header: 'Level', width: 'w-[9%]', sortKey: 'level', numeric: true, cell: (item) => item.level },
  { header: 'Tier', width: 'w-[7%]', cell: (item) => item.tier },
  {
    header: 'Site',
    width: 'w-[15%]',
    cell: (item) => item.site ?? <span className="text-slate-500">—</span>,
  },
  {
    header: 'Profit per Energy',
    width: 'w-[16%]',
    sortKey: 'profit_per_energy',
    numeric: true,
    cell: (item) => profitFormat.format(item.profit_per_energy),
  },
  {
    header: 'Sell Price',
    width: 'w-[11%]',
    sortKey: 'sell_price',
    numeric: true,
    cell: (item) => orNotAvailable(item.sell_price, priceFormat),
  },
  {
    header: 'Experience',
    width: 'w-[10%]',
    numeric: true,
    cell: (item) => priceFormat.format(item.experience),
  },
  {
    header: 'Energy',
    width: 'w-[8%]',
    numeric: true,
    cell: (item) => orNotAvailable(item.energy, priceFormat),
  },
  { header: 'Time', width: 'w-[6%]', numeric: true, cell: (item) => formatMinutes(item.time) },
];

type MarketTableProps = {
  category: string;
  items: TMarketItem[];
  sort: SortState;
  onSort: (key: SortKey) => void;
};

/** One category's items; the sortable headers are buttons that say how the column is ordered. */
export function MarketTable({ category, items, sort, onSort }: MarketTableProps) {
  return (
    // The frame holds its absolutely placed descendants too (the visually hidden text of an empty
    // cell): without a position of its own they would be placed, and widen, outside it.
    <div className="relative overflow-x-auto rounded-xl border border-slate-800 bg-slate-900/60">
      <table className="w-full min-w-[56rem] table-fixed text-left text-sm">
        <caption className="sr-only">{category} items</caption>
        <thead className="border-b border-slate-800 bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            {COLUMNS.map((column) => {
              const direction =
                column.sortKey && sort?.key === column.sortKey ? sort.direction : undefined;
              return (
                <th
                  key={column.header}
                  scope="col"
                  aria-sort={direction}
                  className={cx(
                    'px-4 py-3 font-semibold',
                    column.width,
                    column.numeric && 'text-right',
                  )}
                >
                  {column.sortKey ? (
                    <SortButton
                      label={column.header}
                      direction={direction}
                      onClick={() => column.sortKey && onSort(column.sortKey)}
                    />
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {items.map((item, index) => (
            // Upstream rows carry no id, and two may share a name within a category.
            <tr key={`${item.name}-${index}`} className="hover:bg-white/[0.02]">
              {COLUMNS.map((column) => (
                <td
                  key={column.header}
                  className={cx(
                    'px-4 py-3 break-words text-slate-200',
                    column.numeric && 'text-right tabular-nums',
                  )}
                >
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SortButtonProps = {
  label: string;
  direction: 'ascending' | 'descending' | undefined;
  onClick: () => void;
};

function SortButton({ label, direction, onClick }: SortButtonProps) {
  const Icon =
    direction === 'ascending'
      ? ArrowUpIcon
      : direction === 'descending'
        ? ArrowDownIcon
        : ArrowUpDownIcon;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        'inline-flex items-center gap-1 rounded uppercase hover:text-white',
        direction && 'text-indigo-300',
      )}
    >
      {label}
      <Icon aria-hidden="true" className="size-3.5" />
    </button>
  );
}
