import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TagsPage } from '../../features/tags/components/TagsPage.tsx';
import { useRestriction } from '../hooks/use-restriction.ts';

/** /tags: the tags page, told whether tags are read-only and how to refresh messages after a tag changes. */
export function TagsRoute() {
  const queryClient = useQueryClient();
  const restriction = useRestriction();
  const reloadMessages = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['messages'] }),
    [queryClient],
  );
  return <TagsPage readOnly={restriction} onTagsChanged={reloadMessages} />;
}
