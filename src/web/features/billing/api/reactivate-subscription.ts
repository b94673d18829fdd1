import { subscriptionChangeResponseSchema } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useBillingChange } from './use-billing-change.ts';

export function reactivateSubscription() {
  return apiRequest('/stripe/reactivate-subscription', {
    method: 'POST',
    schema: subscriptionChangeResponseSchema,
  });
}

export const useReactivateSubscription = () => useBillingChange(reactivateSubscription);
