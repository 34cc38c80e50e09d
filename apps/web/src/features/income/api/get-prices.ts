import type { TPricesResponse } from '@nexusplay/contract/market';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LIVE_REFETCH_MS } from './get-income';

export function getPrices(signal?: AbortSignal) {
  return apiRequest<TPricesResponse>('/prices', { signal });
}

/** The token prices and the USD→IDR rate, kept current while the page is open. */
export function pricesQuery() {
  return queryOptions({
    queryKey: ['prices'],
    queryFn: ({ signal }) => getPrices(signal),
    refetchInterval: LIVE_REFETCH_MS,
    // The next poll is the retry; retrying in between would only stack requests up.
    retry: false,
  });
}
