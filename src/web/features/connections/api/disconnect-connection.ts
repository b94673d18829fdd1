import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disconnectResponseSchema, type DisconnectResponse } from '../../../../contract/connections.ts';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function disconnectConnection(connection: PlatformConnection): Promise<DisconnectResponse> {
  return apiRequest(`/${connection.platform}/disconnect/${encodeURIComponent(connection.id)}`, {
    method: 'DELETE',
    schema: disconnectResponseSchema,
  });
}

/**
 * Reloading the connection lists drops the account from the timeline too: the dashboard gathers messages for the
 * listed connections only.
 */
export function useDisconnectConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['connections', 'disconnect'],
    mutationFn: disconnectConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
