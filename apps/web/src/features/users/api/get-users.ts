import type { TUserListItem } from '@nexusplay/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { getList } from '../../../lib/api-client';
import type { TListQuery } from '@nexusplay/contract/lists';

/** Every users query starts with 'users', so a change to any account refreshes all of them. */
export const userKeys = {
  all: ['users'] as const,
  page: (query: TListQuery) => ['users', 'page', query] as const,
};

export function getUsers(query: TListQuery & { signal?: AbortSignal }) {
  return getList<TUserListItem>('/users', query);
}

/** A page of accounts, searched by username or email on the server. */
export function usersPageQuery(query: TListQuery) {
  return queryOptions({
    queryKey: userKeys.page(query),
    queryFn: ({ signal }) => getUsers({ ...query, signal }),
  });
}
