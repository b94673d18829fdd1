import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  pushDevicesResponseSchema,
  type PushDevicesResponse,
} from '../../../../contract/push-notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every push query starts with this key, so a change refreshes them all. */
export const PUSH_QUERY_KEY = ['push'] as const;
export const PUSH_DEVICES_QUERY_KEY = [...PUSH_QUERY_KEY, 'devices'] as const;

export function getPushDevices(signal?: AbortSignal): Promise<PushDevicesResponse> {
  return apiRequest('/push/devices', { schema: pushDevicesResponseSchema, signal });
}

export const pushDevicesQueryOptions = () =>
  queryOptions({ queryKey: PUSH_DEVICES_QUERY_KEY, queryFn: ({ signal }) => getPushDevices(signal) });

export const usePushDevices = () => useQuery(pushDevicesQueryOptions());
