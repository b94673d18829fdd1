import { useQueries } from '@tanstack/react-query';
import type { PlatformConnection } from '../../../contract/messages.ts';
import { connectionMessagesQueryOptions } from '../../features/messages/api/get-connection-messages.ts';

/**
 * The connections with `last_fetched_at` brought up to date from the messages the timeline has already gathered:
 * the status lists are read before the gathering that updates the time, so without this a freshly gathered
 * account would still say it was never fetched. Only reads the query cache; never starts a request.
 */
export function useWithLatestFetch(connections: readonly PlatformConnection[]): PlatformConnection[] {
  const gathered = useQueries({
    queries: connections.map((connection) => ({
      ...connectionMessagesQueryOptions(connection.platform, connection.id),
      enabled: false,
    })),
  });
  return connections.map((connection, index) => {
    const fetchedAt = gathered[index]?.data?.fetched_at;
    if (!fetchedAt) return connection;
    const known = connection.last_fetched_at ? Date.parse(connection.last_fetched_at) : 0;
    return Date.parse(fetchedAt) > known ? { ...connection, last_fetched_at: fetchedAt } : connection;
  });
}
