import { useMutation } from '@tanstack/react-query';
import { redirectUrlResponseSchema } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { redirectTo } from '../../../lib/redirect.ts';

export function createPortalSession() {
  return apiRequest('/stripe/create-portal-session', { method: 'POST', schema: redirectUrlResponseSchema });
}

/** Opens Stripe's Billing Portal, which returns to the pricing page. */
export const useCreatePortalSession = () =>
  useMutation({ mutationFn: createPortalSession, onSuccess: ({ url }) => redirectTo(url) });
