import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestBody } from '../../../../contract/account-security.ts';
import { acceptedResponseSchema } from '../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: PasswordResetRequestBody): Promise<{ message: string }> {
  return apiRequest('/auth/password-reset/request', { method: 'POST', body, schema: acceptedResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: ['auth', 'request-password-reset'], mutationFn: requestPasswordReset });
}
