import type { TImportResult } from '@nexusplay/contract/personal-rows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download-file';
import { refreshWalletLists } from './get-portfolio';

export function exportWallets() {
  return downloadApiFile('/wallets/export', 'wallets.csv');
}

/** Adds the wallets of a CSV file (wallet_name, wallet_address, category). */
export function importWallets(file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiRequest<TImportResult>('/wallets/import', { method: 'POST', body: form });
}

export function useExportWalletsMutation() {
  return useMutation({ mutationFn: exportWallets });
}

export function useImportWalletsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWallets,
    onSuccess: () => refreshWalletLists(queryClient),
  });
}
