import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ruleSettingsSchema, type RuleSettings, type RulesResponse } from '../../../../contract/rules.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RULES_QUERY_KEY } from './get-rules.ts';

export async function saveRuleSettings(settings: RuleSettings): Promise<RuleSettings> {
  return apiRequest('/rules/settings', { method: 'PUT', body: settings, schema: ruleSettingsSchema });
}

export function useSaveRuleSettings(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRuleSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData<RulesResponse>(RULES_QUERY_KEY, (current) =>
        current ? { ...current, settings } : current,
      );
      onChanged();
    },
  });
}
