import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ruleSchema, type Rule, type RuleInput } from '../../../../contract/rules.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RULES_QUERY_KEY } from './get-rules.ts';

/** Adds a rule after the others, or changes the rule `id`. */
export async function saveRule({ id, rule }: { id?: string; rule: RuleInput }): Promise<Rule> {
  return apiRequest(id ? `/rules/${encodeURIComponent(id)}` : '/rules', {
    method: id ? 'PUT' : 'POST',
    body: rule,
    schema: ruleSchema,
  });
}

/** `onChanged` runs once the server took the change: the messages show the rules' new outcome. */
export function useSaveRule(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRule,
    onSuccess: async () => {
      onChanged();
      await queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
    },
  });
}
