import type {
  TChangePasswordRequest,
  TChangePasswordResponse,
  TDeleteAccountRequest,
} from '@nexusplay/contract/account';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download-file';

export function changePassword(request: TChangePasswordRequest) {
  return apiRequest<TChangePasswordResponse>('/account/password', {
    method: 'POST',
    body: request,
  });
}

export function signOutEverywhere() {
  return apiRequest<TMessageResponse>('/account/logout-all', { method: 'POST' });
}

export function deleteAccount(request: TDeleteAccountRequest) {
  return apiRequest<TMessageResponse>('/account', { method: 'DELETE', body: request });
}

export const downloadMyData = () => downloadApiFile('/account/export', 'nexusplay-data.json');

export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
export const useSignOutEverywhereMutation = () => useMutation({ mutationFn: signOutEverywhere });
export const useDeleteAccountMutation = () => useMutation({ mutationFn: deleteAccount });
export const useDownloadMyDataMutation = () => useMutation({ mutationFn: downloadMyData });
