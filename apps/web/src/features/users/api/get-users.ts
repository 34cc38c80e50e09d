import type { TUserListItem } from '@nexusplay/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { getList, type ListQuery } from '../../../lib/api-client';

/** Every users query starts with 'users', so a change to any account refreshes all of them. */
export const userKeys = {
  all: ['users'] as const,
  page: (query: ListQuery) => ['users', 'page', query] as const,
};

export function getUsers(query: ListQuery & { signal?: AbortSignal }) {
  return getList<TUserListItem>('/users', query);
}

/** A page of accounts, searched by username or email on the server. */
export function usersPageQuery(query: ListQuery) {
  return queryOptions({
    queryKey: userKeys.page(query),
    queryFn: ({ signal }) => getUsers({ ...query, signal }),
  });
}
