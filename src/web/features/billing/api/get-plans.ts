import { queryOptions } from '@tanstack/react-query';
import { plansResponseSchema } from '../../../../contract/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'plans'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/stripe/plans', { schema: plansResponseSchema, signal })).plans,
    staleTime: 60 * 60_000,
  });
