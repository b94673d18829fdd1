import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  replySettingsSchema,
  type ReplySettings,
  type ReplySettingsUpdate,
} from '../../../../contract/awaiting.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { REPLIES_QUERY_KEY } from './get-handled.ts';

export const REPLY_SETTINGS_QUERY_KEY = [...REPLIES_QUERY_KEY, 'settings'] as const;

export function getReplySettings(signal?: AbortSignal): Promise<ReplySettings> {
  return apiRequest('/reply-settings', { schema: replySettingsSchema, signal });
}

export function updateReplySettings(update: ReplySettingsUpdate): Promise<ReplySettings> {
  return apiRequest('/reply-settings', { method: 'PATCH', body: update, schema: replySettingsSchema });
}

export const replySettingsQueryOptions = () =>
  queryOptions({ queryKey: REPLY_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getReplySettings(signal) });

export const useReplySettings = () => useQuery(replySettingsQueryOptions());

/** Saves a change and shows it at once; the awaited list follows a new time. */
export function useUpdateReplySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReplySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(REPLY_SETTINGS_QUERY_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: [...REPLIES_QUERY_KEY, 'awaiting'] });
    },
  });
}
