import type { TTool } from '@nexusplay/contract/tools';
import { queryOptions } from '@tanstack/react-query';
import { getList } from '../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../lib/prefetch';
import type { TListQuery } from '@nexusplay/contract/lists';

/** Every tools query starts with 'tools', so a change to any tool refreshes all of them. */
export const toolKeys = {
  all: ['tools'] as const,
  page: (query: TListQuery) => ['tools', 'page', query] as const,
};

export function getTools(query: TListQuery & { signal?: AbortSignal }) {
  return getList<TTool>('/tools', query);
}

/** A page of tools; without paging, every tool (the dashboard's few). */
export function toolsPageQuery(query: TListQuery = {}) {
  return queryOptions({
    queryKey: toolKeys.page(query),
    queryFn: ({ signal }) => getTools({ ...query, signal }),
    staleTime: PREFETCHED_FRESH_MS,
  });
}
