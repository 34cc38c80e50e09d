import type { TLoginRequest, TLoginResponse } from '@nexusplay/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function loginUser(credentials: TLoginRequest) {
  return apiRequest<TLoginResponse>('/login', { method: 'POST', body: credentials });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginUser });
}
