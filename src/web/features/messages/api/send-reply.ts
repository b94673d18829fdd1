import { useMutation } from '@tanstack/react-query';
import {
  replyResponseSchema,
  type ChatworkReplyRequest,
  type ReplyResponse,
  type SlackReplyRequest,
} from '../../../../contract/connections.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type ReplyRequest =
  { platform: 'chatwork'; body: ChatworkReplyRequest } | { platform: 'slack'; body: SlackReplyRequest };

/** Posts the reply on the message's own platform, as the connected user. */
export function sendReply({ platform, body }: ReplyRequest): Promise<ReplyResponse> {
  return apiRequest(`/${platform}/reply`, { method: 'POST', body, schema: replyResponseSchema });
}

export function useSendReply() {
  return useMutation({ mutationKey: ['reply'], mutationFn: sendReply });
}
