import type { Key, ReactNode } from 'react';
import { DataTable, type Column } from './data-table';
import { Pagination } from './pagination';
import { SearchField } from './search-field';
import type { usePagedSearch } from '../../lib/use-paged-search';

/** Rows per page of the admin tables: enough to scan, few enough to load at once. */
export const ADMIN_PAGE_SIZE = 20;

/** The Wallet Tracker and Link Manager tables show at most 10 rows at a time (SPEC 9). */
export const PERSONAL_PAGE_SIZE = 10;

type PagedList<T> = {
  data: { items: T[]; total: number; totalIsLowerBound?: boolean } | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
};

/** What the table says when it has no rows: the list failed, the search found nothing, or none yet. */
export type EmptyTexts = { failed: string; noMatch: string; none: string };

/** The empty texts of a list named by a plural noun ("games", "posts"). */
export function emptyTextsFor(noun: string): EmptyTexts {
  return {
    failed: `The ${noun} could not be loaded. Reload the page to try again.`,
    noMatch: `No ${noun} match this search.`,
    none: `No ${noun} yet.`,
  };
}

type PagedTableProps<T> = {
  paging: ReturnType<typeof usePagedSearch>;
  list: PagedList<T>;
  pageSize: number;
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  search: { label: string; placeholder: string };
  /** Buttons beside the search box, such as export, import and add; the toolbar then spans the page. */
  actions?: ReactNode;
  caption: string;
  emptyText: EmptyTexts;
  pagesLabel: string;
  /** Show the pager only once there is more than one page, rather than whenever the list is in. */
  pagerWhenNeeded?: boolean;
  skeletonRows?: number;
  /** What an opened row shows beneath it (see DataTable). */
  detail?: ((row: T) => ReactNode) | undefined;
};

/** A searchable, paged table; searching and paging happen on the server. */
export function PagedTable<T>(props: PagedTableProps<T>): ReactNode {
  const { paging, search, actions } = props;
  const searchField = (
    <SearchField
      label={search.label}
      placeholder={search.placeholder}
      value={paging.search}
      onValueChange={paging.setSearch}
      className={actions ? 'w-full max-w-md' : 'max-w-md'}
    />
  );
  if (!actions)
    return (
      <div className="mt-8 space-y-4">
        {searchField}
        <TableAndPager {...props} />
      </div>
    );
  return (
    <>
      <div className="mt-10 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        {searchField}
        <div className="flex flex-wrap items-start gap-2 lg:justify-end">{actions}</div>
      </div>
      <div className="mt-6 space-y-4">
        <TableAndPager {...props} />
      </div>
    </>
  );
}

function TableAndPager<T>({
  paging,
  list,
  pageSize,
  columns,
  rowKey,
  caption,
  emptyText,
  pagesLabel,
  pagerWhenNeeded = false,
  skeletonRows,
  detail,
}: PagedTableProps<T>) {
  const offset = paging.query.offset ?? 0;
  const total = list.data?.total ?? 0;
  // With no rows on the first page the table's empty text says it all; "Showing 0–0 of 0" would
  // only repeat it as a count. A page past the end keeps its pager, to go back.
  const empty = list.data?.items.length === 0 && offset === 0;
  const showPager = list.data && !empty && (!pagerWhenNeeded || total > pageSize || offset > 0);
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.data?.items ?? (list.isError ? [] : undefined)}
        rowKey={rowKey}
        emptyText={
          list.isError ? emptyText.failed : paging.query.q ? emptyText.noMatch : emptyText.none
        }
        refreshing={list.isPlaceholderData}
        skeletonRows={skeletonRows}
        detail={detail}
      />
      {list.data && showPager ? (
        <Pagination
          label={pagesLabel}
          offset={offset}
          limit={pageSize}
          shown={list.data.items.length}
          total={list.data.total}
          totalIsLowerBound={list.data.totalIsLowerBound}
          onOffsetChange={paging.setOffset}
        />
      ) : null}
    </>
  );
}
