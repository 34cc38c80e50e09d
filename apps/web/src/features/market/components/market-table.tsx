import type { TMarketItem } from '@nexusplay/contract/market';
import type { ReactNode } from 'react';
import type { Column } from '../../../components/ui/data-table';
import { PagedTable } from '../../../components/ui/paged-table';
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
  const columns = COLUMNS.map(({ header, width, sortKey, numeric, cell }): Column<TMarketItem> => ({
    header,
    cell,
    className: cx(width, 'break-words', numeric && 'text-right tabular-nums'),
    sort: sortKey
      ? {
          direction: sort?.key === sortKey ? sort.direction : undefined,
          onSort: () => onSort(sortKey),
        }
      : undefined,
  }));
  return (
    <PagedTable
      caption={`${category} items`}
      columns={columns}
      rows={items}
      // Upstream rows carry no id, and two may share a name within a category.
      rowKey={(item, index) => `${item.name}-${index}`}
      emptyText={{ none: 'No items match your search and minimum profit.' }}
      layout={{ density: 'compact', minWidth: 'wide', fixedColumns: true }}
    />
  );
}
