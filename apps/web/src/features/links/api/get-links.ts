import type { TLink } from '@nexusplay/contract/links';
import { queryOptions } from '@tanstack/react-query';
import { getList } from '../../../lib/api-client';
import { requireUser, type LinkSession } from './link-session';
import type { TListQuery } from '@nexusplay/contract/lists';

/** Every links query starts with 'links', so any change to a link refreshes them all. */
export const linkKeys = {
  all: ['links'] as const,
  page: (userId: number | null, query: TListQuery) => ['links', userId, 'page', query] as const,
};

/** One page of the user's links, searched by title or category. */
export async function getLinks(session: LinkSession, query: TListQuery & { signal?: AbortSignal }) {
  const userId = requireUser(session);
  return getList<TLink>(`/links?user_id=${userId}`, query);
}

export function linksPageQuery(session: LinkSession, query: TListQuery) {
  return queryOptions({
    queryKey: linkKeys.page(session.userId, query),
    queryFn: ({ signal }) => getLinks(session, { ...query, signal }),
  });
}
