import { useMutation } from '@tanstack/react-query';
import { redirectUrlResponseSchema, type PaidPlanName } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { redirectTo } from '../../../lib/redirect.ts';

export function createCheckoutSession(planName: PaidPlanName) {
  return apiRequest('/stripe/create-checkout-session', {
    method: 'POST',
    body: { planName },
    schema: redirectUrlResponseSchema,
  });
}

/** Starts Stripe Checkout and leaves the app for its hosted page. */
export const useCreateCheckoutSession = () =>
  useMutation({ mutationFn: createCheckoutSession, onSuccess: ({ url }) => redirectTo(url) });
