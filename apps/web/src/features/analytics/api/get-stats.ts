import type { TStatsResponse, TVisitsItem } from '@nexusplay/contract/stats';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A year of days: enough for the monthly user growth, and the shorter charts are cut from it. */
export const VISITS_HISTORY_DAYS = 365;

export const statsKeys = {
  stats: ['stats'] as const,
  visits: (days: number) => ['stats', 'visits', days] as const,
};

export function getStats(signal?: AbortSignal) {
  return apiRequest<TStatsResponse>('/stats', { signal });
}

export function getVisits(days: number, signal?: AbortSignal) {
  return apiRequest<TVisitsItem[]>(`/visits?days=${days}`, { signal });
}

/** The dashboard's counts and latest articles. */
export function statsQuery() {
  return queryOptions({ queryKey: statsKeys.stats, queryFn: ({ signal }) => getStats(signal) });
}

/** Page views, visitors and new accounts per day, oldest first. */
export function visitsQuery(days = VISITS_HISTORY_DAYS) {
  return queryOptions({
    queryKey: statsKeys.visits(days),
    queryFn: ({ signal }) => getVisits(days, signal),
  });
}
