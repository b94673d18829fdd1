import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  digestSettingsSchema,
  type DigestSettings,
  type DigestSettingsUpdate,
} from '../../../../contract/digest.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const DIGEST_SETTINGS_QUERY_KEY = ['digest', 'settings'] as const;

export function getDigestSettings(signal?: AbortSignal): Promise<DigestSettings> {
  return apiRequest('/digest/settings', { schema: digestSettingsSchema, signal });
}

export function saveDigestSettings(update: DigestSettingsUpdate): Promise<DigestSettings> {
  return apiRequest('/digest/settings', { method: 'PUT', body: update, schema: digestSettingsSchema });
}

export const digestSettingsQueryOptions = () =>
  queryOptions({ queryKey: DIGEST_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getDigestSettings(signal) });

export const useDigestSettings = () => useQuery(digestSettingsQueryOptions());

export function useSaveDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDigestSettings,
    onSuccess: (settings) => queryClient.setQueryData(DIGEST_SETTINGS_QUERY_KEY, settings),
  });
}
