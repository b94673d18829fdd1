import { queryOptions } from '@tanstack/react-query';
import { billingConfigSchema } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const billingConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'config'],
    queryFn: ({ signal }) => apiRequest('/stripe/config', { schema: billingConfigSchema, signal }),
    staleTime: 60 * 60_000,
  });
