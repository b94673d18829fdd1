import { queryOptions } from '@tanstack/react-query';
import { chatworkWebhookStateSchema, type ChatworkWebhookState } from '../../../../contract/live.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getChatworkWebhook(
  connectionId: string,
  signal?: AbortSignal,
): Promise<ChatworkWebhookState> {
  return apiRequest(`/chatwork/connections/${encodeURIComponent(connectionId)}/webhook`, {
    schema: chatworkWebhookStateSchema,
    signal,
  });
}

export const chatworkWebhookQueryOptions = (connectionId: string) =>
  queryOptions({
    queryKey: ['connections', 'chatwork-webhook', connectionId],
    queryFn: ({ signal }) => getChatworkWebhook(connectionId, signal),
  });
