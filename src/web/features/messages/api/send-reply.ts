import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  replyResponseSchema,
  type ChatworkReplyRequest,
  type ReplyResponse,
  type SlackReplyRequest,
} from '../../../../contract/connections.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { REPLIES_QUERY_KEY } from './get-handled.ts';

export type ReplyRequest =
  { platform: 'chatwork'; body: ChatworkReplyRequest } | { platform: 'slack'; body: SlackReplyRequest };

/** Posts the reply on the message's own platform, as the connected user. */
export function sendReply({ platform, body }: ReplyRequest): Promise<ReplyResponse> {
  return apiRequest(`/${platform}/reply`, { method: 'POST', body, schema: replyResponseSchema });
}

/** A sent reply marks its message handled: the handled list is asked for again. */
export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reply'],
    mutationFn: sendReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPLIES_QUERY_KEY }),
  });
}
