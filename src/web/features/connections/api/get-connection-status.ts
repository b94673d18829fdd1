import { queryOptions } from '@tanstack/react-query';
import {
  connectionStatusResponseSchema,
  type Platform,
  type PlatformConnection,
} from '../../../../contract/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getConnectionStatus(
  platform: Platform,
  signal?: AbortSignal,
): Promise<PlatformConnection[]> {
  const { connections } = await apiRequest(`/${platform}/status`, {
    schema: connectionStatusResponseSchema,
    signal,
  });
  return connections;
}

export const connectionStatusQueryOptions = (platform: Platform) =>
  queryOptions({
    queryKey: ['connections', platform],
    queryFn: ({ signal }) => getConnectionStatus(platform, signal),
    staleTime: 60_000,
  });
