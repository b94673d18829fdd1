import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  testModeStateSchema,
  type TestModeState,
  type TestModeUpdate,
} from '../../../../contract/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { testModeQueryOptions } from './get-test-mode.ts';

export function updateTestMode(body: TestModeUpdate): Promise<TestModeState> {
  return apiRequest('/test-mode', { method: 'PUT', body, schema: testModeStateSchema });
}

/** `onChanged` runs after the server took the change: whatever shows sample data must load again. */
export function useUpdateTestMode(onChanged: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['test-mode', 'update'],
    mutationFn: updateTestMode,
    onSuccess: async (state) => {
      queryClient.setQueryData(testModeQueryOptions().queryKey, state);
      await onChanged();
    },
  });
}
