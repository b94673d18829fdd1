import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { RULES_QUERY_KEY } from './get-rules.ts';

export async function deleteRule(id: string): Promise<void> {
  await apiRequest(`/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRule(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: async () => {
      onChanged();
      await queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
    },
  });
}
