import type { TPortfolioHistory, TPortfolioResponse } from '@nexusplay/contract/portfolio';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletKeys } from './get-wallets';

export const portfolioKeys = {
  all: ['portfolio'] as const,
  current: (userId: number | null) => ['portfolio', userId, 'current'] as const,
  history: (userId: number | null) => ['portfolio', userId, 'history'] as const,
};

/**
 * After a wallet is added, changed or deleted: the wallets at once, the portfolio in the
 * background, as its balances may take the node's time and a dialog should not wait for them.
 */
export async function refreshWalletLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  await queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** The server asks the node at most once a minute per wallet; asking more often gains nothing. */
const POLL_MS = 60_000;

export function portfolioQuery(userId: number | null) {
  return queryOptions({
    queryKey: portfolioKeys.current(userId),
    queryFn: ({ signal }) => apiRequest<TPortfolioResponse>('/portfolio', { signal }),
    refetchInterval: POLL_MS,
  });
}

export function portfolioHistoryQuery(userId: number | null) {
  return queryOptions({
    queryKey: portfolioKeys.history(userId),
    queryFn: ({ signal }) => apiRequest<TPortfolioHistory>('/portfolio/history', { signal }),
  });
}

/** Asks for fresh balances; the server answers from its cache within the TTL, however often. */
export function useRefreshPortfolioMutation(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TPortfolioResponse>('/portfolio/refresh', { method: 'POST' }),
    onSuccess: (portfolio) => queryClient.setQueryData(portfolioKeys.current(userId), portfolio),
  });
}
