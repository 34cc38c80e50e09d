import type { Key, ReactNode } from 'react';
import { PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { ImportExportActions } from '../../../components/ui/import-export-actions';
import { Pagination } from '../../../components/ui/pagination';
import { SearchField } from '../../../components/ui/search-field';
import type { usePagedSearch } from '../../../lib/use-paged-search';

/** The Wallet Tracker and Link Manager tables show at most 10 rows at a time (SPEC 9). */
export const PERSONAL_PAGE_SIZE = 10;

type PersonalToolTableProps<T> = {
  paging: ReturnType<typeof usePagedSearch>;
  list: {
    data: { items: T[]; total: number } | undefined;
    isError: boolean;
    isPlaceholderData: boolean;
  };
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  search: { label: string; placeholder: string };
  transfer: Parameters<typeof ImportExportActions>[0];
  /** The add button's label ("Add Wallet") and what it does. */
  addLabel: string;
  onAdd: () => void;
  caption: string;
  emptyText: string;
  pagesLabel: string;
};

/**
 * What the Wallet Tracker and the Link Manager share: a search, export and import, an add button,
 * the table and, once there is more than one page, the pager. Searching and paging happen on the
 * server.
 */
export function PersonalToolTable<T>({
  paging,
  list,
  columns,
  rowKey,
  search,
  transfer,
  addLabel,
  onAdd,
  caption,
  emptyText,
  pagesLabel,
}: PersonalToolTableProps<T>): ReactNode {
  const total = list.data?.total ?? 0;
  const offset = paging.query.offset ?? 0;
  return (
    <>
      <div className="mt-10 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={paging.search}
          onValueChange={paging.setSearch}
          className="w-full max-w-md"
        />
        <div className="flex flex-wrap items-start gap-2 lg:justify-end">
          <ImportExportActions {...transfer} />
          <Button onClick={onAdd}>
            <PlusIcon aria-hidden="true" className="size-4" />
            {addLabel}
          </Button>
        </div>
      </div>

      <div className="mt-6 space-y-4">
        <DataTable
          caption={caption}
          columns={columns}
          rows={list.data?.items ?? (list.isError ? [] : undefined)}
          rowKey={rowKey}
          emptyText={emptyText}
          refreshing={list.isPlaceholderData}
          skeletonRows={3}
        />
        {list.data && (total > PERSONAL_PAGE_SIZE || offset > 0) ? (
          <Pagination
            label={pagesLabel}
            offset={offset}
            limit={PERSONAL_PAGE_SIZE}
            shown={list.data.items.length}
            total={total}
            onOffsetChange={paging.setOffset}
          />
        ) : null}
      </div>
    </>
  );
}
