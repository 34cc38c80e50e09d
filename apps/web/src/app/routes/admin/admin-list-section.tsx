import type { Key } from 'react';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Pagination } from '../../../components/ui/pagination';
import { SearchField } from '../../../components/ui/search-field';
import type { usePagedSearch } from '../../../lib/use-paged-search';
import { ADMIN_PAGE_SIZE } from './admin-table';

type ListResult<T> = {
  data: { items: T[]; total: number; totalIsLowerBound?: boolean } | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
};

type AdminListSectionProps<T> = {
  paging: ReturnType<typeof usePagedSearch>;
  list: ListResult<T>;
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  searchLabel: string;
  searchPlaceholder: string;
  caption: string;
  pagesLabel: string;
  /** What the rows are, in the plural, for the empty and failure texts ("games", "posts"). */
  noun: string;
};

/** The search box, table and pages every admin list shares; searching and paging happen on the server. */
export function AdminListSection<T>({
  paging,
  list,
  columns,
  rowKey,
  searchLabel,
  searchPlaceholder,
  caption,
  pagesLabel,
  noun,
}: AdminListSectionProps<T>) {
  return (
    <div className="mt-8 space-y-4">
      <SearchField
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={paging.search}
        onValueChange={paging.setSearch}
        className="max-w-md"
      />
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.data?.items ?? (list.isError ? [] : undefined)}
        rowKey={rowKey}
        emptyText={
          list.isError
            ? `The ${noun} could not be loaded. Reload the page to try again.`
            : paging.query.q
              ? `No ${noun} match this search.`
              : `No ${noun} yet.`
        }
        refreshing={list.isPlaceholderData}
      />
      {list.data ? (
        <Pagination
          label={pagesLabel}
          offset={paging.query.offset ?? 0}
          limit={ADMIN_PAGE_SIZE}
          shown={list.data.items.length}
          total={list.data.total}
          totalIsLowerBound={list.data.totalIsLowerBound}
          onOffsetChange={paging.setOffset}
        />
      ) : null}
    </div>
  );
}
