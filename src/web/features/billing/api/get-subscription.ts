import { queryOptions } from '@tanstack/react-query';
import { subscriptionResponseSchema } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'subscription'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/stripe/subscription', { schema: subscriptionResponseSchema, signal })).subscription,
  });
