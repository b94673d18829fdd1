import { queryOptions } from '@tanstack/react-query';
import { testModeStateSchema, type TestModeState } from '../../../../contract/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getTestMode(signal?: AbortSignal): Promise<TestModeState> {
  return apiRequest('/test-mode', { schema: testModeStateSchema, signal });
}

export const testModeQueryOptions = () =>
  queryOptions({
    queryKey: ['test-mode'],
    queryFn: ({ signal }) => getTestMode(signal),
    staleTime: Infinity,
  });
