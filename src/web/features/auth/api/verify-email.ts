import { useMutation } from '@tanstack/react-query';
import {
  verifyEmailResponseSchema,
  type VerifyEmailResponse,
} from '../../../../contract/account-security.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Follows an e-mailed confirmation link: a sign-up comes back signed in, an address change with the user. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest('/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: verifyEmailResponseSchema,
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: ['auth', 'verify-email'], mutationFn: verifyEmail });
}
