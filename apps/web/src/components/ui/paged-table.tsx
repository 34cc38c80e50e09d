import type { Key, ReactNode } from 'react';
import { DataTable, type Column, type TableLayout } from './data-table';
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

/** What every table has, however its rows arrive. */
type TableProps<T> = {
  columns: Column<T>[];
  rowKey: (row: T, index: number) => Key;
  caption: string;
  skeletonRows?: number;
  /** What an opened row shows beneath it (see DataTable). */
  detail?: ((row: T) => ReactNode) | undefined;
  /** The row open in a form beside the table, marked as current. */
  rowCurrent?: ((row: T) => boolean) | undefined;
  layout?: TableLayout;
};

/** Rows searched and paged on the server, with the table's own search box and pager. */
type ServerPagedProps<T> = TableProps<T> & {
  paging: ReturnType<typeof usePagedSearch>;
  list: PagedList<T>;
  pageSize: number;
  search: { label: string; placeholder: string };
  /** Buttons beside the search box, such as export, import and add; the toolbar then spans the page. */
  actions?: ReactNode;
  emptyText: EmptyTexts;
  pagesLabel: string;
  /** Show the pager only once there is more than one page, rather than whenever the list is in. */
  pagerWhenNeeded?: boolean;
  rows?: never;
};

/**
 * A whole list the page already holds (a short list, or one the page filters and sorts itself):
 * every row at once, with no search box or pager of the table's own.
 */
type WholeListProps<T> = TableProps<T> & {
  /** Undefined while the list is on its way. */
  rows: T[] | undefined;
  /** The list could not be loaded: the table says `emptyText.failed` instead of rows. */
  failed?: boolean;
  emptyText: Pick<EmptyTexts, 'none'> & Partial<Pick<EmptyTexts, 'failed'>>;
  paging?: never;
};

type PagedTableProps<T> = ServerPagedProps<T> | WholeListProps<T>;

/**
 * The app's one table. Given `paging`, searching and paging happen on the server and the table
 * brings its search box and pager; given `rows`, it shows that whole list as it is.
 */
export function PagedTable<T>(props: PagedTableProps<T>): ReactNode {
  if (props.paging === undefined) return <WholeList {...props} />;
  return <ServerPaged {...props} />;
}

function WholeList<T>({ rows, failed = false, emptyText, ...table }: WholeListProps<T>) {
  return (
    <DataTable
      {...table}
      rows={failed ? [] : rows}
      emptyText={failed ? (emptyText.failed ?? emptyText.none) : emptyText.none}
    />
  );
}

function ServerPaged<T>({ search, actions, ...props }: ServerPagedProps<T>) {
  const { paging } = props;
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
  emptyText,
  pagesLabel,
  pagerWhenNeeded = false,
  ...table
}: Omit<ServerPagedProps<T>, 'search' | 'actions'>) {
  const offset = paging.query.offset ?? 0;
  const total = list.data?.total ?? 0;
  // With no rows on the first page the table's empty text says it all; "Showing 0–0 of 0" would
  // only repeat it as a count. A page past the end keeps its pager, to go back.
  const empty = list.data?.items.length === 0 && offset === 0;
  const showPager = list.data && !empty && (!pagerWhenNeeded || total > pageSize || offset > 0);
  return (
    <>
      <DataTable
        {...table}
        rows={list.data?.items ?? (list.isError ? [] : undefined)}
        emptyText={
          list.isError ? emptyText.failed : paging.query.q ? emptyText.noMatch : emptyText.none
        }
        refreshing={list.isPlaceholderData}
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
