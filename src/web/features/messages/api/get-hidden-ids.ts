import { queryOptions } from '@tanstack/react-query';
import {
  HIDDEN_IDS_CACHE_SECONDS,
  hiddenIdsResponseSchema,
  type HiddenIds,
} from '../../../../contract/hidden-messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getHiddenIds(signal?: AbortSignal): Promise<HiddenIds> {
  const response = await apiRequest('/messages/hidden?ids_only=true', {
    schema: hiddenIdsResponseSchema,
    signal,
  });
  return response.hidden_message_ids;
}

export const HIDDEN_MESSAGES_QUERY_KEY = ['hidden-messages'] as const;

/** The server's list is the source of truth for what is hidden; every hide or unhide invalidates it. */
export const hiddenIdsQueryOptions = () =>
  queryOptions({
    queryKey: [...HIDDEN_MESSAGES_QUERY_KEY, 'ids'],
    queryFn: ({ signal }) => getHiddenIds(signal),
    staleTime: HIDDEN_IDS_CACHE_SECONDS * 1000,
  });
