import type { TMessageResponse } from '@nexusplay/contract/lists';
import type { TCreateUserResponse, TUserListItem, TUserRequest } from '@nexusplay/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './get-users';

export type UserSubmission = {
  /** Absent when adding an account. */
  id: number | undefined;
  user: TUserRequest;
};

export type SavedUser = {
  user: TUserListItem;
  /** The generated password of a new account: the server gives it this once and never again. */
  password: string | undefined;
};

export function createUser(user: TUserRequest) {
  return apiRequest<TCreateUserResponse>('/users', { method: 'POST', body: user });
}

export function updateUser(id: number, user: TUserRequest) {
  return apiRequest<TUserListItem>(`/users/${id}`, { method: 'PUT', body: user });
}

export function deleteUser(id: number) {
  return apiRequest<TMessageResponse>(`/users/${id}`, { method: 'DELETE' });
}

async function saveUser({ id, user }: UserSubmission): Promise<SavedUser> {
  if (id === undefined) return createUser(user);
  return { user: await updateUser(id, user), password: undefined };
}

export function useSaveUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function sendResetLink(id: number) {
  return apiRequest<TMessageResponse>(`/users/${id}/reset-link`, { method: 'POST' });
}

export const useSendResetLinkMutation = () => useMutation({ mutationFn: sendResetLink });
