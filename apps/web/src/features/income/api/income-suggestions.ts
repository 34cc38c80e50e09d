import type {
  TAcceptAllResponse,
  TAcceptSuggestionResponse,
  TIgnoreSuggestionResponse,
  TIncomeAutoList,
  TIncomeAutoResponse,
  TIncomeSuggestionPage,
} from '@nexusplay/contract/income-suggestions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { incomeKeys } from './get-income';
import type { IncomeTokenConfig } from './income-token';

/** How often the suggestions are asked for again: new blocks are read about this often. */
const SUGGESTIONS_REFETCH_MS = 30_000;

/** Suggestions shown at once, and what "Add all" takes. */
export const SUGGESTIONS_SHOWN = 20;

/*
 * Under the tracker's records key (incomeKeys.list), so that saving, deleting or accepting
 * anything of the tracker refreshes the records, the suggestions and the switches together.
 */
export const suggestionKeys = {
  page: (config: IncomeTokenConfig, userId: number) =>
    [...incomeKeys.list(config.token, userId), 'suggestions'] as const,
  auto: (config: IncomeTokenConfig, userId: number) =>
    [...incomeKeys.list(config.token, userId), 'auto-add'] as const,
};

export function suggestionsQuery(config: IncomeTokenConfig, userId: number) {
  return queryOptions({
    queryKey: suggestionKeys.page(config, userId),
    queryFn: ({ signal }) =>
      apiRequest<TIncomeSuggestionPage>(
        `${config.path}/suggestions?page=1&limit=${SUGGESTIONS_SHOWN}`,
        { signal },
      ),
    refetchInterval: SUGGESTIONS_REFETCH_MS,
  });
}

export function autoAddQuery(config: IncomeTokenConfig, userId: number) {
  return queryOptions({
    queryKey: suggestionKeys.auto(config, userId),
    queryFn: ({ signal }) => apiRequest<TIncomeAutoList>(`${config.path}/auto-add`, { signal }),
  });
}

/**
 * After a change the records and suggestions are read again; the mutation stays pending until
 * they are in, so its buttons stay disabled until the row they belong to has gone.
 */
function useRefreshTracker(config: IncomeTokenConfig) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: incomeKeys.token(config.token) });
}

export function useAcceptSuggestionMutation(config: IncomeTokenConfig) {
  const refresh = useRefreshTracker(config);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<TAcceptSuggestionResponse>(`${config.path}/suggestions/${id}/accept`, {
        method: 'POST',
      }),
    onSuccess: refresh,
  });
}

export function useIgnoreSuggestionMutation(config: IncomeTokenConfig) {
  const refresh = useRefreshTracker(config);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<TIgnoreSuggestionResponse>(`${config.path}/suggestions/${id}/ignore`, {
        method: 'POST',
      }),
    onSuccess: refresh,
  });
}

export function useAcceptAllMutation(config: IncomeTokenConfig) {
  const refresh = useRefreshTracker(config);
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<TAcceptAllResponse>(`${config.path}/suggestions/accept-all`, {
        method: 'POST',
        body: { ids },
      }),
    onSuccess: refresh,
  });
}

export function useSetAutoAddMutation(config: IncomeTokenConfig, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walletId, on }: { walletId: number; on: boolean }) =>
      apiRequest<TIncomeAutoResponse>(`${config.path}/auto-add/${walletId}`, {
        method: 'PUT',
        body: { on },
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData<TIncomeAutoList>(suggestionKeys.auto(config, userId), (list) =>
        list
          ? {
              data: list.data.map((entry) =>
                entry.wallet.id === answer.wallet.id ? { ...entry, on: answer.on } : entry,
              ),
            }
          : list,
      ),
  });
}
