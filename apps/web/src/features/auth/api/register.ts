import type { TRegisterRequest } from '@nexusplay/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The created account is not needed: the visitor signs in afterwards (SPEC 4). */
export function registerUser(account: TRegisterRequest) {
  return apiRequest('/register', { method: 'POST', body: account });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerUser });
}
