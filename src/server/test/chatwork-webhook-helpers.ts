import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** What a `mention_to_me` delivery says of its message. */
export type MentionEvent = {
  from_account_id: number;
  to_account_id: number;
  room_id: number;
  message_id: string;
  body: string;
  send_time: number;
};

/** Delivers a `mention_to_me` webhook to a connection as ChatWork signs it: HMAC-SHA256 with the base64 key. */
export function deliverChatworkMention(
  app: FastifyInstance,
  connectionId: string,
  event: MentionEvent,
  key: string,
) {
  const raw = JSON.stringify({
    webhook_setting_id: '12345',
    webhook_event_type: 'mention_to_me',
    webhook_event_time: Math.floor(Date.now() / 1000),
    webhook_event: { ...event, update_time: 0 },
  });
  const signature = createHmac('sha256', Buffer.from(key, 'base64')).update(raw).digest('base64');
  return app.inject({
    method: 'POST',
    url: `/api/chatwork/webhook/${connectionId}`,
    headers: { 'content-type': 'application/json', 'x-chatworkwebhooksignature': signature },
    payload: raw,
  });
}
