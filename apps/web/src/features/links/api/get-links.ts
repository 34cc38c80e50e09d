import type { TLink } from '@nexusplay/contract/links';
import { queryOptions } from '@tanstack/react-query';
import { getList, type ListQuery } from '../../../lib/api-client';
import { requireUser, type LinkSession } from './link-session';

/** Every links query starts with 'links', so any change to a link refreshes them all. */
export const linkKeys = {
  all: ['links'] as const,
  page: (userId: number | null, query: ListQuery) => ['links', userId, 'page', query] as const,
};

/** One page of the user's links, searched by title or category. */
export async function getLinks(session: LinkSession, query: ListQuery & { signal?: AbortSignal }) {
  const userId = requireUser(session);
  return getList<TLink>(`/links?user_id=${userId}`, query);
}

export function linksPageQuery(session: LinkSession, query: ListQuery) {
  return queryOptions({
    queryKey: linkKeys.page(session.userId, query),
    queryFn: ({ signal }) => getLinks(session, { ...query, signal }),
  });
}
