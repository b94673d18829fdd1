import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { chatworkWebhookQueryOptions } from './get-chatwork-webhook.ts';

export function setChatworkWebhookToken(connectionId: string, token: string): Promise<void> {
  return apiRequest(`/chatwork/connections/${encodeURIComponent(connectionId)}/webhook`, {
    method: 'PUT',
    body: { token },
  });
}

export function useSetChatworkWebhookToken(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['connections', 'chatwork-webhook', 'set'],
    mutationFn: (token: string) => setChatworkWebhookToken(connectionId, token),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: chatworkWebhookQueryOptions(connectionId).queryKey }),
  });
}
