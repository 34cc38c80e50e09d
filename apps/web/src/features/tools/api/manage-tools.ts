import type { TTool, TToolRequest } from '@nexusplay/contract/tools';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toolKeys } from './get-tools';

export type ToolSubmission = {
  /** Absent when adding a tool. */
  id: number | undefined;
  tool: TToolRequest;
};

export function createTool(tool: TToolRequest) {
  return apiRequest<TTool>('/tools', { method: 'POST', body: tool });
}

export function updateTool(id: number, tool: TToolRequest) {
  return apiRequest<TTool>(`/tools/${id}`, { method: 'PUT', body: tool });
}

export function deleteTool(id: number) {
  return apiRequest<TMessageResponse>(`/tools/${id}`, { method: 'DELETE' });
}

/** Adds or updates a tool; the tools dashboard follows at once. */
export function useSaveToolMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tool }: ToolSubmission) =>
      id === undefined ? createTool(tool) : updateTool(id, tool),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export function useDeleteToolMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
