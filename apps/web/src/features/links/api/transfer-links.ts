import type { TImportResult } from '@nexusplay/contract/personal-rows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download-file';
import { linkKeys } from './get-links';

export function exportLinks() {
  return downloadApiFile('/links/export', 'links.csv');
}

/** Adds the links of a CSV file (title, url, category) or of a browser's bookmarks file. */
export function importLinks(file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiRequest<TImportResult>('/links/import', { method: 'POST', body: form });
}

export function useExportLinksMutation() {
  return useMutation({ mutationFn: exportLinks });
}

export function useImportLinksMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLinks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}
