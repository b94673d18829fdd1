import { subscriptionChangeResponseSchema } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useBillingChange } from './use-billing-change.ts';

/** Cancels at the end of the period (SPEC §4: choosing Free never cancels at once). */
export function cancelSubscription() {
  return apiRequest('/stripe/cancel-subscription', {
    method: 'POST',
    body: { immediate: false },
    schema: subscriptionChangeResponseSchema,
  });
}

export const useCancelSubscription = () => useBillingChange(cancelSubscription);
