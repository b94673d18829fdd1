import { queryOptions } from '@tanstack/react-query';
import { connectionsOverviewSchema, type ConnectionsOverview } from '../../../../contract/connections.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getConnectionsOverview(signal?: AbortSignal): Promise<ConnectionsOverview> {
  return apiRequest('/connections/overview', { schema: connectionsOverviewSchema, signal });
}

/** Under `['connections']`, so whatever refreshes the connection lists refreshes the usage with them. */
export const connectionsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['connections', 'overview'],
    queryFn: ({ signal }) => getConnectionsOverview(signal),
    staleTime: 60_000,
  });
