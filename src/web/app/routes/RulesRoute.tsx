import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { messageActions } from '../../features/messages/actions/message-actions.ts';
import { RulesPage } from '../../features/rules/components/RulesPage.tsx';
import { useShortcuts } from '../../lib/use-shortcuts.ts';
import { useRuleNames } from '../hooks/use-rule-names.ts';

const inboxShortcut = [{ id: 'goInbox', keys: messageActions.goInbox.keys }] as const;

/** /rules: the rules page, with the names of what rules name and how to refresh messages after a change. */
export function RulesRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const names = useRuleNames();
  const reloadMessages = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['messages'] }),
    [queryClient],
  );
  useShortcuts(inboxShortcut, () => void navigate('/dashboard'));
  return <RulesPage readOnly={user?.isDemo === true} names={names} onRulesChanged={reloadMessages} />;
}
