import type { TActivityPage } from '@nexusplay/contract/activity';
import type { TWallet } from '@nexusplay/contract/wallets';
import { LIST_CAP } from '@nexusplay/contract/lists';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequestWithTotal, getList } from '../../../lib/api-client';
import { activityQueryString, type ActivityFilter } from './activity-filter';

const ACTIVITY_REFETCH_MS = 30_000;

/** Keyed by user too, so one account's transfers are never shown to the next. */
export const activityKeys = {
  all: ['activity'] as const,
  page: (userId: number, filter: ActivityFilter) => ['activity', userId, filter] as const,
};

export type ActivityPage = TActivityPage & { total: number };

export async function getActivity(filter: ActivityFilter, signal?: AbortSignal) {
  const { body, total } = await apiRequestWithTotal<TActivityPage>(
    `/activity${activityQueryString(filter, true)}`,
    { signal },
  );
  return { ...body, total: total ?? body.data.length } satisfies ActivityPage;
}

export function activityPageQuery(userId: number, filter: ActivityFilter) {
  return queryOptions({
    queryKey: activityKeys.page(userId, filter),
    queryFn: ({ signal }) => getActivity(filter, signal),
    // The last page stays on screen, dimmed, while another filter or page loads.
    placeholderData: keepPreviousData,
    // New blocks are read about this often (the server's ACTIVITY_POLL, 30 s by default).
    refetchInterval: ACTIVITY_REFETCH_MS,
  });
}

/**
 * Every wallet of the user, for the wallet filter. Under the 'wallets' key like the Wallet
 * Tracker's lists, so a wallet added or renamed there is picked up here too.
 */
export function walletOptionsQuery(userId: number) {
  return queryOptions({
    queryKey: ['wallets', userId, 'activity-options'] as const,
    queryFn: ({ signal }) => getList<TWallet>('/wallets', { limit: LIST_CAP, signal }),
  });
}
