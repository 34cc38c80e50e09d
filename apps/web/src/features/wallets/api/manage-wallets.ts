import type { TMessageResponse } from '@nexusplay/contract/lists';
import type { TWallet, TWalletRequest } from '@nexusplay/contract/wallets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshWalletLists } from './get-portfolio';

export type WalletSubmission = {
  /** Absent when adding a wallet. */
  id: number | undefined;
  wallet: TWalletRequest;
};

export function createWallet(wallet: TWalletRequest) {
  return apiRequest<TWallet>('/wallets', { method: 'POST', body: wallet });
}

export function updateWallet(id: number, wallet: TWalletRequest) {
  return apiRequest<TWallet>(`/wallets/${id}`, { method: 'PUT', body: wallet });
}

export function deleteWallet(id: number) {
  return apiRequest<TMessageResponse>(`/wallets/${id}`, { method: 'DELETE' });
}

export function useSaveWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, wallet }: WalletSubmission) =>
      id === undefined ? createWallet(wallet) : updateWallet(id, wallet),
    onSuccess: () => refreshWalletLists(queryClient),
  });
}

export function useDeleteWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWallet,
    onSuccess: () => refreshWalletLists(queryClient),
  });
}
