import { ZLoginResponse, type TLoginRequest } from '@nexusplay/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function loginUser(credentials: TLoginRequest) {
  return apiRequest('/login', { method: 'POST', body: credentials, schema: ZLoginResponse });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginUser });
}
