import { subscriptionChangeResponseSchema, type PaidPlanName } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useBillingChange } from './use-billing-change.ts';

export function changeSubscriptionPlan(planName: PaidPlanName) {
  return apiRequest('/stripe/change-subscription-plan', {
    method: 'POST',
    body: { planName },
    schema: subscriptionChangeResponseSchema,
  });
}

export const useChangeSubscriptionPlan = () => useBillingChange(changeSubscriptionPlan);
