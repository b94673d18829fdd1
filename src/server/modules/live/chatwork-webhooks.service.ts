import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { inputText } from '../../../contract/text.ts';
import { classifyChatworkMessage, mentionsMe } from '../../../contract/classification.ts';
import type { ChatworkWebhookState } from '../../../contract/live.ts';
import type { ChatworkSourceMessage } from '../../../contract/messages.ts';
import { chatworkMessageUrl } from '../../connectors/chatwork/chatwork-inbound.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { CHATWORK_WEBHOOK_TOKEN_PURPOSE, type TokenCipher } from '../../lib/token-cipher.ts';
import type { ConnectionsService } from '../connections/connections.service.ts';
import type { LiveRepo } from './live.repo.ts';

/** ChatWork shows the token as base64 of the HMAC key; anything else cannot verify a signature. */
export const chatworkWebhookTokenSchema = inputText().check(
  z.trim(),
  z.regex(/^[A-Za-z0-9+/]{16,200}={0,2}$/, 'must be the webhook token ChatWork shows (base64)'),
);

const mentionSchema = z.looseObject({
  webhook_event_type: z.literal('mention_to_me'),
  webhook_event: z.looseObject({
    from_account_id: z.number().int(),
    to_account_id: z.number().int(),
    room_id: z.number().int(),
    message_id: z.string().regex(/^\d+$/),
    body: z.string(),
    send_time: z.number().int().nonnegative(),
    update_time: z.number().int().nonnegative().default(0),
  }),
});

export type ChatworkWebhooksDeps = {
  repo: LiveRepo;
  cipher: TokenCipher;
  connections: ConnectionsService;
  liveEvents: LiveEvents;
  addLiveMessages: (userId: string, messages: ChatworkSourceMessage[]) => Promise<ChatworkSourceMessage[]>;
  publicUrl: string;
  /** Any URL on ChatWork's web host (its OAuth consent page): the webhook settings page lives there too. */
  chatworkWebUrl: string;
};

/** ChatWork's list of the account's webhooks, where "Create a new webhook" starts (shared/providers/chatwork.md §5). */
const WEBHOOK_SETTINGS_PATH = '/service/packages/chatwork/subpackages/webhook/list.php';

function signatureMatches(token: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(
    createHmac('sha256', Buffer.from(token, 'base64')).update(rawBody).digest('base64'),
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createChatworkWebhooksService(deps: ChatworkWebhooksDeps) {
  return {
    /** What the setup guide shows: the URL to give ChatWork, where to go, and whether a token is set. */
    async getState(userId: string, connectionId: string): Promise<ChatworkWebhookState> {
      await deps.connections.requireConnection(userId, 'chatwork', connectionId);
      const setAt = await deps.repo.chatworkWebhookSetAt(connectionId);
      return {
        webhook_url: `${deps.publicUrl}/api/chatwork/webhook/${connectionId}`,
        settings_url: new URL(WEBHOOK_SETTINGS_PATH, deps.chatworkWebUrl).href,
        configured: setAt !== undefined,
        configured_at: setAt?.toISOString() ?? null,
      };
    },

    async setToken(userId: string, connectionId: string, token: string): Promise<void> {
      await deps.connections.requireConnection(userId, 'chatwork', connectionId);
      await deps.repo.setChatworkWebhook(
        connectionId,
        deps.cipher.seal(token, CHATWORK_WEBHOOK_TOKEN_PURPOSE),
      );
    },

    async clearToken(userId: string, connectionId: string): Promise<void> {
      await deps.connections.requireConnection(userId, 'chatwork', connectionId);
      await deps.repo.clearChatworkWebhook(connectionId);
    },

    /**
     * A delivery to a connection's webhook URL: verified against its token, classified for the connection's user
     * like a gathered message and published. Returns whether it was verified; what is not is ignored.
     */
    async receive(connectionId: string, rawBody: Buffer, signature: string | undefined): Promise<boolean> {
      const found = await deps.repo.chatworkWebhookOf(connectionId);
      const token = found && deps.cipher.open(found.tokenEncrypted, CHATWORK_WEBHOOK_TOKEN_PURPOSE);
      if (!found || !token || !signatureMatches(token, rawBody, signature)) return false;
      let parsed: z.infer<typeof mentionSchema>;
      try {
        const result = mentionSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
        if (!result.success) return true;
        parsed = result.data;
      } catch {
        return true;
      }
      const { row } = found;
      const event = parsed.webhook_event;
      if (String(event.from_account_id) === row.platformUserId) return true;
      // mention_to_me covers group rooms; a direct room's messages reach the inbox through gathering.
      const types = classifyChatworkMessage({
        body: event.body,
        roomType: 'group',
        myAccountId: row.platformUserId,
      });
      if (!mentionsMe(types)) return true;
      const message: ChatworkSourceMessage = {
        platform: 'chatwork',
        message_id: event.message_id,
        platform_message_id: event.message_id,
        body: event.body,
        content: event.body,
        send_time: event.send_time,
        formatted_time: new Date(event.send_time * 1000).toISOString(),
        update_time: event.update_time,
        account: {
          account_id: event.from_account_id,
          name: String(event.from_account_id),
          avatar_image_url: null,
        },
        room_info: { room_id: event.room_id, name: String(event.room_id), type: 'group' },
        account_info: {
          account_name: row.platformUserName,
          workspace_name: row.platformWorkspaceName,
          connection_id: row.id,
          platform_user_id: row.platformUserId,
        },
        mention_types: types,
        is_mention: true,
        is_dm: false,
        position_index: 1,
        original_url: chatworkMessageUrl(event.room_id, event.message_id),
        tags: [],
      };
      const fresh = await deps.addLiveMessages(row.userId, [message]);
      if (fresh.length > 0) {
        await deps.liveEvents.publish(row.userId, {
          type: 'messages',
          platform: 'chatwork',
          messages: fresh,
        });
      }
      return true;
    },
  };
}

export type ChatworkWebhooksService = ReturnType<typeof createChatworkWebhooksService>;
