import type { TForgotPasswordRequest, TResetPasswordRequest } from '@nexusplay/contract/account';
import type { TMessageResponse } from '@nexusplay/contract/lists';
import { useMutation } from '@tanstack/react-query';
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
