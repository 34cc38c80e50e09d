import type { TGame } from '@nexusplay/contract/games';
import { GAMES_PAGE_SIZE } from '@nexusplay/contract/page-data';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getList, nextListOffset } from '../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../lib/prefetch';
import type { TListQuery } from '@nexusplay/contract/lists';

/** Every games query starts with 'games', so a change to any game refreshes all of them. */
export const gameKeys = {
  all: ['games'] as const,
  page: (query: TListQuery) => ['games', 'page', query] as const,
  browse: (q: string) => ['games', 'browse', q] as const,
};

export function getGames(query: TListQuery & { signal?: AbortSignal }) {
  return getList<TGame>('/games', query);
}

/** One page of games with the number of matches in all. */
export function gamesPageQuery(query: TListQuery) {
  return queryOptions({
    queryKey: gameKeys.page(query),
    queryFn: ({ signal }) => getGames({ ...query, signal }),
  });
}

/** The games matching `q`, loaded a page at a time. */
export function gamesBrowseQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: gameKeys.browse(q),
    queryFn: ({ pageParam, signal }) =>
      getGames({ q, limit: GAMES_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextListOffset,
    staleTime: PREFETCHED_FRESH_MS,
  });
}
