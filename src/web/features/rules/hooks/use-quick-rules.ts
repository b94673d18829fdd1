import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { quickRuleOf, type QuickRuleKind } from '../../../../contract/rules.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import { deleteRule } from '../api/delete-rule.ts';
import { RULES_QUERY_KEY } from '../api/get-rules.ts';
import { saveRule } from '../api/save-rule.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';

/**
 * Makes a message menu's common rule in one step ("mute this channel or room", "always important from this
 * person"), offered for undoing like a hide: the undo deletes the rule again. `onRulesChanged` runs after both.
 */
export function useQuickRules(undo: UndoApi, onRulesChanged: () => void) {
  const { t } = useTranslation('rules');
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const make = useCallback(
    (kind: QuickRuleKind, message: UnifiedMessage) => {
      const changed = () => {
        onRulesChanged();
        void queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
      };
      saveRule({ rule: quickRuleOf(kind, message.original_message) }).then(
        (rule) => {
          changed();
          undo.push({
            label:
              kind === 'mute-place'
                ? t('quick.muted', { place: message.location.name })
                : t('quick.important', { sender: message.sender.name }),
            undoneLabel: t('quick.undone'),
            undo: async () => {
              await deleteRule(rule.id);
              changed();
            },
          });
        },
        (error: unknown) =>
          showToast(t('quick.failed', { message: error instanceof Error ? error.message : '' }), 'error'),
      );
    },
    [onRulesChanged, queryClient, showToast, t, undo],
  );
  // One function for the page's life: every card reads it from context, so a new one each render (the undo stack
  // changes with each entry) would render every card again.
  return useStableCallback(make);
}
