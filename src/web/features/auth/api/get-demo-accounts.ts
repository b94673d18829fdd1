import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoAccountsResponseSchema, type DemoAccountsResponse } from '../../../../contract/demo.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getDemoAccounts(signal?: AbortSignal): Promise<DemoAccountsResponse> {
  return apiRequest('/auth/demo-accounts', { schema: demoAccountsResponseSchema, signal });
}

export const demoAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'demo-accounts'],
    queryFn: ({ signal }) => getDemoAccounts(signal),
    staleTime: Infinity,
  });

export function useDemoAccounts() {
  return useQuery(demoAccountsQueryOptions());
}
