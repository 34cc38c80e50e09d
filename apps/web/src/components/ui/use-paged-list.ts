import type { TListQuery } from '@nexusplay/contract/lists';
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { usePagedSearch } from '../../lib/use-paged-search';

/**
 * A list searched and paged on the server, for a PagedTable (spread the result into it): the
 * last page stays on screen while the next loads, and a page left empty steps back.
 */
export function usePagedList<TData extends { total: number }, TKey extends QueryKey>(
  pageSize: number,
  queryFor: (query: TListQuery) => UseQueryOptions<TData, Error, TData, TKey>,
) {
  const paging = usePagedSearch(pageSize);
  const list = useQuery({ ...queryFor(paging.query), placeholderData: keepPreviousData });
  paging.keepInRange(list.isPlaceholderData ? undefined : list.data?.total);
  return { paging, list, pageSize };
}
