import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { Fragment, type Key, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Skeleton } from './skeleton';

export type SortDirection = 'ascending' | 'descending';

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's header and cells (alignment, a fixed width). */
  className?: string;
  /** The cell names its row for assistive technology (a header cell, scope row). */
  rowHeader?: boolean;
  /** A sortable column: its header is a button that says how the column is ordered. */
  sort?: { direction: SortDirection | undefined; onSort: () => void };
};

/** How much room a row takes, and how wide the table stays before its frame scrolls sideways. */
export type TableLayout = {
  /** Compact rows take their content's height instead of a fixed one, for short figures. */
  density?: 'regular' | 'compact';
  /** 'wide' for many columns; 'none' for a few short ones that fit a phone. */
  minWidth?: 'regular' | 'wide' | 'none';
  /** Columns keep the widths their classes give them, so tables of one kind line up. */
  fixedColumns?: boolean;
};

const DENSITY = {
  regular: { cell: 'h-16 px-4 py-2', skeleton: 'h-16 px-4', empty: 'px-4 py-10' },
  compact: { cell: 'px-4 py-2', skeleton: 'h-9 px-4', empty: 'px-4 py-4' },
} as const;

const MIN_WIDTH = { regular: 'min-w-[40rem]', wide: 'min-w-[56rem]', none: undefined } as const;

type DataTableProps<Row> = {
  /** Names the table for assistive technology. */
  caption: string;
  columns: Column<Row>[];
  /** Undefined while the first page is on its way. */
  rows: Row[] | undefined;
  rowKey: (row: Row, index: number) => Key;
  emptyText: string;
  /** A newer page is on its way while the current one stays on screen. */
  refreshing?: boolean;
  /** How many rows to hold the place of while loading, so the page does not jump. */
  skeletonRows?: number;
  /** What an opened row shows beneath it, across the table; null while it is closed. */
  detail?: ((row: Row) => ReactNode) | undefined;
  /** The row being worked on elsewhere on the page (open in a form), marked as current. */
  rowCurrent?: ((row: Row) => boolean) | undefined;
  layout?: TableLayout | undefined;
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  refreshing = false,
  skeletonRows = 5,
  detail,
  rowCurrent,
  layout = {},
}: DataTableProps<Row>) {
  const { density = 'regular', minWidth = 'regular', fixedColumns = false } = layout;
  const cellClass = DENSITY[density].cell;
  return (
    // The frame holds its absolutely placed descendants too (the visually hidden text of an empty
    // cell): without a position of its own they would be placed, and widen, outside it.
    <div className="relative overflow-x-auto rounded-xl border border-slate-800 bg-slate-900/60">
      <table
        aria-busy={rows === undefined || refreshing}
        className={cx(
          'w-full text-left text-sm transition-opacity',
          MIN_WIDTH[minWidth],
          fixedColumns && 'table-fixed',
          refreshing && 'opacity-60',
        )}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-800 bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={column.sort?.direction}
                className={cx('px-4 py-3 font-semibold', column.className)}
              >
                {column.sort ? (
                  <SortButton
                    label={column.header}
                    direction={column.sort.direction}
                    onClick={column.sort.onSort}
                  />
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows === undefined ? (
            Array.from({ length: skeletonRows }, (_, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.header} className={DENSITY[density].skeleton}>
                    <Skeleton className="h-4 w-3/4" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                className={cx(DENSITY[density].empty, 'text-center text-slate-400')}
              >
                {/* A table wider than a phone scrolls in its frame: the message keeps to the
                    frame's visible part (the page's side padding is 1rem below sm, 1.5rem up). */}
                <div className="sticky left-4 max-w-[calc(100vw-4rem)] sm:max-w-[calc(100vw-5rem)]">
                  {emptyText}
                </div>
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const opened = detail?.(row) ?? null;
              const current = rowCurrent?.(row) ?? false;
              return (
                <Fragment key={rowKey(row, index)}>
                  <tr
                    aria-current={current ? 'true' : undefined}
                    className={current ? 'bg-indigo-500/10' : 'hover:bg-white/[0.02]'}
                  >
                    {columns.map((column) => {
                      const className = cx(cellClass, 'text-slate-200', column.className);
                      return column.rowHeader ? (
                        <th
                          key={column.header}
                          scope="row"
                          className={cx('font-normal', className)}
                        >
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td key={column.header} className={className}>
                          {column.cell(row)}
                        </td>
                      );
                    })}
                  </tr>
                  {opened === null ? null : (
                    <tr className="bg-slate-950/40">
                      <td colSpan={columns.length} className="px-4 py-3">
                        {/* Held at the left edge while a narrow screen scrolls the table. */}
                        <div className="sticky left-4 w-fit max-w-[calc(100vw-4rem)]">{opened}</div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

type SortButtonProps = {
  label: string;
  direction: SortDirection | undefined;
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
