import type { TMarketResponse } from '@nexusplay/contract/market';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** SPEC 7 and 9: the market page refetches every 5 seconds. */
const MARKET_REFETCH_MS = 5000;

export function getMarket(signal?: AbortSignal) {
  return apiRequest<TMarketResponse>('/market', { signal });
}

export function marketQuery() {
  return queryOptions({
    queryKey: ['market'],
    queryFn: ({ signal }) => getMarket(signal),
    refetchInterval: MARKET_REFETCH_MS,
    // The next poll is the retry; retrying in between would only stack requests up.
    retry: false,
  });
}
