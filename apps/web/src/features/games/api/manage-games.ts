import type { TGame } from '@nexusplay/contract/games';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gameKeys } from './get-games';

export type GameText = Pick<TGame, 'name' | 'description' | 'link'>;

export type GameSubmission = {
  /** Absent when adding a game. */
  id: number | undefined;
  text: GameText;
  image: File | null;
  /** Clears the current picture when no new one is sent. */
  removeImage: boolean;
};

function toFormData({ text, image, removeImage }: GameSubmission): FormData {
  const form = new FormData();
  form.set('name', text.name);
  form.set('description', text.description);
  form.set('link', text.link);
  if (image) form.set('image', image);
  else if (removeImage) form.set('remove_image', 'true');
  return form;
}

export function createGame(submission: GameSubmission) {
  return apiRequest<TGame>('/games', { method: 'POST', body: toFormData(submission) });
}

export function updateGame(id: number, submission: GameSubmission) {
  return apiRequest<TGame>(`/games/${id}`, {
    method: 'PUT',
    body: toFormData(submission),
  });
}

export function deleteGame(id: number) {
  return apiRequest<TMessageResponse>(`/games/${id}`, { method: 'DELETE' });
}

/** Adds or updates a game; every games list, public pages included, then shows the change. */
export function useSaveGameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: GameSubmission) =>
      submission.id === undefined ? createGame(submission) : updateGame(submission.id, submission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}

export function useDeleteGameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}
