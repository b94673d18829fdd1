import { useQueries } from '@tanstack/react-query';
import { connectionErrorCodes } from '../../../contract/connections.ts';
import type { AccountStats, PlatformConnection, SlackUnavailable } from '../../../contract/messages.ts';
import { connectionMessagesQueryOptions } from '../../features/messages/api/get-connection-messages.ts';

function statusAfter(stats: AccountStats): PlatformConnection['status'] {
  if (stats.status === 'completed') return 'active';
  return stats.error?.code === connectionErrorCodes.reauth ? 'reauth_required' : 'error';
}

/**
 * The connections with their last success and status brought up to date from the gatherings the timeline has
 * already made: the status lists are read before the gathering that updates them, so without this a freshly
 * gathered account would still say it was never fetched, or a failing one that it is fine. A Slack account also
 * brings the kinds of message its last gathering could not search for. Only reads the query cache; never starts a
 * request.
 */
export function useWithLatestFetch(
  connections: readonly PlatformConnection[],
): (PlatformConnection & { unavailable?: SlackUnavailable[] })[] {
  const gathered = useQueries({
    queries: connections.map((connection) => ({
      ...connectionMessagesQueryOptions(connection.platform, connection.id),
      enabled: false,
    })),
  });
  return connections.map((connection, index) => {
    const stats = gathered[index]?.data?.accounts.find((account) => account.connection_id === connection.id);
    if (!stats) return connection;
    const known = connection.last_success_at ? Date.parse(connection.last_success_at) : 0;
    const lastSuccess = stats.last_success_at ? Date.parse(stats.last_success_at) : 0;
    return {
      ...connection,
      status: statusAfter(stats),
      last_success_at: lastSuccess > known ? stats.last_success_at : connection.last_success_at,
      ...('unavailable' in stats && stats.unavailable?.length ? { unavailable: stats.unavailable } : {}),
    };
  });
}
