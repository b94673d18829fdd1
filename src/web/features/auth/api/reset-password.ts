import { useMutation } from '@tanstack/react-query';
import type { PasswordResetBody } from '../../../../contract/account-security.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: PasswordResetBody): Promise<void> {
  return apiRequest('/auth/password-reset', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });
}
