import type { TWallet } from '@nexusplay/contract/wallets';
import { queryOptions } from '@tanstack/react-query';
import { getList } from '../../../lib/api-client';
import type { TListQuery } from '@nexusplay/contract/lists';

/** Every wallets query starts with 'wallets', so any change to a wallet refreshes them all. */
export const walletKeys = {
  all: ['wallets'] as const,
  page: (userId: number | null, query: TListQuery) => ['wallets', userId, 'page', query] as const,
};

/**
 * One page of the user's wallets, searched by name, address or category. The server knows the
 * owner from the token; the user id is sent along, when the session names one, as a check.
 */
export function getWallets(userId: number | null, query: TListQuery & { signal?: AbortSignal }) {
  return getList<TWallet>(userId === null ? '/wallets' : `/wallets?user_id=${userId}`, query);
}

export function walletsPageQuery(userId: number | null, query: TListQuery) {
  return queryOptions({
    queryKey: walletKeys.page(userId, query),
    queryFn: ({ signal }) => getWallets(userId, { ...query, signal }),
  });
}
