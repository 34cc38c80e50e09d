import { ZMessageResponse } from '@nexusplay/contract/lists';
import {
  ZCreateUserResponse,
  ZUserListItem,
  type TUserListItem,
  type TUserRequest,
} from '@nexusplay/contract/users';
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
  return apiRequest('/users', { method: 'POST', body: user, schema: ZCreateUserResponse });
}

export function updateUser(id: number, user: TUserRequest) {
  return apiRequest(`/users/${id}`, { method: 'PUT', body: user, schema: ZUserListItem });
}

export function deleteUser(id: number) {
  return apiRequest(`/users/${id}`, { method: 'DELETE', schema: ZMessageResponse });
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
