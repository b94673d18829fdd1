import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '../../../../contract/push-notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PUSH_QUERY_KEY } from './push-devices.ts';

export const NOTIFICATION_PREFERENCES_QUERY_KEY = [...PUSH_QUERY_KEY, 'preferences'] as const;

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest('/push/preferences', { schema: notificationPreferencesSchema, signal });
}

export function saveNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiRequest('/push/preferences', {
    method: 'PUT',
    body: preferences,
    schema: notificationPreferencesSchema,
  });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, saved),
  });
}
