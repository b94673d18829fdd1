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

const CATCHING_UP_REFETCH_MS = 20_000;

export const connectionStatusQueryOptions = (platform: Platform) =>
  queryOptions({
    queryKey: ['connections', platform],
    queryFn: ({ signal }) => getConnectionStatus(platform, signal),
    staleTime: 60_000,
    // A Slack history still being searched shows its progress as it goes.
    refetchInterval: (query) =>
      query.state.data?.some((connection) => connection.slack_intake?.state === 'catching_up')
        ? CATCHING_UP_REFETCH_MS
        : false,
  });
