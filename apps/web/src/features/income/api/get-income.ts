import type { TIncomeRecord, TIncomeToken } from '@nexusplay/contract/income';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { IncomeTokenConfig } from './income-token';

/** SPEC 7 and 9: the income pages refetch every 5 seconds. */
export const LIVE_REFETCH_MS = 5000;

/** Keyed by user too, so records cached for one account are never shown to the next. */
export const incomeKeys = {
  all: ['income'] as const,
  token: (token: TIncomeToken) => ['income', token] as const,
  list: (token: TIncomeToken, userId: number) => ['income', token, userId] as const,
};

/** The signed-in user's records of one token, newest date first. */
export async function getIncome(path: string, signal?: AbortSignal) {
  const { data } = await apiRequest<{ data: TIncomeRecord[] }>(path, { signal });
  return data;
}

export function incomeListQuery(config: IncomeTokenConfig, userId: number) {
  return queryOptions({
    queryKey: incomeKeys.list(config.token, userId),
    queryFn: ({ signal }) => getIncome(config.path, signal),
    refetchInterval: LIVE_REFETCH_MS,
    // The next poll is the retry; retrying in between would only stack requests up.
    retry: false,
  });
}
