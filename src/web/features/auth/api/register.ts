import { useMutation } from '@tanstack/react-query';
import { acceptedResponseSchema, type RegisterBody } from '../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for a sign-up: the server e-mails a link that confirms the address and creates the account. */
export function register(body: RegisterBody): Promise<{ message: string }> {
  return apiRequest('/auth/register', { method: 'POST', body, schema: acceptedResponseSchema });
}

export function useRegister() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
}
