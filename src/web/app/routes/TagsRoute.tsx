import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { messageActions } from '../../features/messages/actions/message-actions.ts';
import { SAVED_VIEWS_QUERY_KEY } from '../../features/messages/api/get-saved-views.ts';
import { TagsPage } from '../../features/tags/components/TagsPage.tsx';
import { useShortcuts } from '../../lib/use-shortcuts.ts';
import { useRestriction } from '../hooks/use-restriction.ts';

/** "g then i" here too: back to the inbox, as on the inbox itself (the registry's declaration). */
const inboxShortcut = [{ id: 'goInbox', keys: messageActions.goInbox.keys }] as const;

/**
 * /tags: the tags page, told whether tags are read-only and how to refresh what a tag's change reaches: the messages,
 * and the saved views (a view filtered by a deleted tag says so as the inbox opens again).
 */
export function TagsRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const restriction = useRestriction();
  const reloadMessages = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    void queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_QUERY_KEY });
  }, [queryClient]);
  useShortcuts(inboxShortcut, () => void navigate('/dashboard'));
  return <TagsPage readOnly={restriction} onTagsChanged={reloadMessages} />;
}
