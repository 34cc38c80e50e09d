import { Fragment, type Key, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Skeleton } from './skeleton';

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
};

type DataTableProps<Row> = {
  /** Names the table for assistive technology. */
  caption: string;
  columns: Column<Row>[];
  /** Undefined while the first page is on its way. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => Key;
  emptyText: string;
  /** A newer page is on its way while the current one stays on screen. */
  refreshing?: boolean;
  /** How many rows to hold the place of while loading, so the page does not jump. */
  skeletonRows?: number;
  /** What an opened row shows beneath it, across the table; null while it is closed. */
  detail?: ((row: Row) => ReactNode) | undefined;
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
}: DataTableProps<Row>) {
  return (
    // The frame holds its absolutely placed descendants too (the visually hidden text of an empty
    // cell): without a position of its own they would be placed, and widen, outside it.
    <div className="relative overflow-x-auto rounded-xl border border-slate-800 bg-slate-900/60">
      <table
        aria-busy={rows === undefined || refreshing}
        className={cx(
          'w-full min-w-[40rem] text-left text-sm transition-opacity',
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
                className={cx('px-4 py-3 font-semibold', column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows === undefined ? (
            Array.from({ length: skeletonRows }, (_, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.header} className="h-16 px-4">
                    <Skeleton className="h-4 w-3/4" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-400">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const opened = detail?.(row) ?? null;
              return (
                <Fragment key={rowKey(row)}>
                  <tr className="hover:bg-white/[0.02]">
                    {columns.map((column) => (
                      <td
                        key={column.header}
                        className={cx('h-16 px-4 py-2 text-slate-200', column.className)}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
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
