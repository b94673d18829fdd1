import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { messageActions } from '../../features/messages/actions/message-actions.ts';
import { TagsPage } from '../../features/tags/components/TagsPage.tsx';
import { useShortcuts } from '../../lib/use-shortcuts.ts';
import { useRestriction } from '../hooks/use-restriction.ts';

/** "g then i" here too: back to the inbox, as on the inbox itself (the registry's declaration). */
const inboxShortcut = [{ id: 'goInbox', keys: messageActions.goInbox.keys }] as const;

/** /tags: the tags page, told whether tags are read-only and how to refresh messages after a tag changes. */
export function TagsRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const restriction = useRestriction();
  const reloadMessages = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['messages'] }),
    [queryClient],
  );
  useShortcuts(inboxShortcut, () => void navigate('/dashboard'));
  return <TagsPage readOnly={restriction} onTagsChanged={reloadMessages} />;
}
