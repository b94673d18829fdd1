import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { AWAITING_QUERY_KEY } from './get-awaiting.ts';

/** Takes a conversation off the Awaiting reply list until the person writes there again. */
export async function dismissAwaiting(id: string): Promise<void> {
  await apiRequest(`/awaiting/${encodeURIComponent(id)}`, { method: 'DELETE', schema: successSchema });
}

export function useDismissAwaiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAwaiting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AWAITING_QUERY_KEY }),
  });
}
