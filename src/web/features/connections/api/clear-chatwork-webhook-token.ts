import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { chatworkWebhookQueryOptions } from './get-chatwork-webhook.ts';

export function clearChatworkWebhookToken(connectionId: string): Promise<void> {
  return apiRequest(`/chatwork/connections/${encodeURIComponent(connectionId)}/webhook`, {
    method: 'DELETE',
  });
}

export function useClearChatworkWebhookToken(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['connections', 'chatwork-webhook', 'clear'],
    mutationFn: () => clearChatworkWebhookToken(connectionId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: chatworkWebhookQueryOptions(connectionId).queryKey }),
  });
}
