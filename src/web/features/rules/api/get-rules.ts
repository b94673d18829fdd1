import { queryOptions } from '@tanstack/react-query';
import { rulesResponseSchema, type RulesResponse } from '../../../../contract/rules.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getRules(signal?: AbortSignal): Promise<RulesResponse> {
  return apiRequest('/rules', { schema: rulesResponseSchema, signal });
}

/** Every rules query starts with this key, so a change refreshes them all. */
export const RULES_QUERY_KEY = ['rules'] as const;

/** Fresh for 30 s, so the dashboard's first load, which asks for them beside its code, does not ask again. */
export const rulesQueryOptions = () =>
  queryOptions({ queryKey: RULES_QUERY_KEY, queryFn: ({ signal }) => getRules(signal), staleTime: 30_000 });
