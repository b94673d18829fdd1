import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rulesResponseSchema, type RulesResponse } from '../../../../contract/rules.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RULES_QUERY_KEY } from './get-rules.ts';

export async function reorderRules(ids: readonly string[]): Promise<RulesResponse> {
  return apiRequest('/rules/order', { method: 'PUT', body: { ids }, schema: rulesResponseSchema });
}

/** Shows the new order at once and puts the old one back when the server refuses it. */
export function useReorderRules(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRules,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: RULES_QUERY_KEY });
      const before = queryClient.getQueryData<RulesResponse>(RULES_QUERY_KEY);
      if (before) {
        const byId = new Map(before.rules.map((rule) => [rule.id, rule]));
        const rules = ids.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData<RulesResponse>(RULES_QUERY_KEY, { ...before, rules });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(RULES_QUERY_KEY, context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(RULES_QUERY_KEY, answer);
      onChanged();
    },
  });
}
