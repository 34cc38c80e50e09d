import type {
  TForgotPasswordRequest,
  TResetPasswordRequest,
  TResetTokenCheckResponse,
} from '@nexusplay/contract/account';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(request: TForgotPasswordRequest) {
  return apiRequest<TMessageResponse>('/password/forgot', { method: 'POST', body: request });
}

export function resetPassword(request: TResetPasswordRequest) {
  return apiRequest<TMessageResponse>('/password/reset', { method: 'POST', body: request });
}

export const useRequestPasswordResetMutation = () =>
  useMutation({ mutationFn: requestPasswordReset });
export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });

/** Whether the link's token can still set a password; asking does not use it up. */
export function checkResetToken(token: string, signal?: AbortSignal) {
  return apiRequest<TResetTokenCheckResponse>('/password/reset/check', {
    method: 'POST',
    body: { token },
    signal,
  });
}

/** Asked once as the reset page opens; `enabled` is false for a token that cannot be one. */
export const useResetTokenCheck = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['password-reset', 'check', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
