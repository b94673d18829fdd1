import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { changeEmailBodySchema } from '../../../../contract/account-security.ts';
import { acceptedResponseSchema } from '../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/auth/email`: sends a confirmation link to the new address; the address changes only when it is
 * followed. The answer is the same whether or not the new address is taken.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: z.input<typeof changeEmailBodySchema>) =>
      apiRequest('/auth/email', { method: 'POST', body, schema: acceptedResponseSchema }),
  });
}
