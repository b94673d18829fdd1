import { toUnifiedMessage } from '../../contract/classification.ts';
import type { ChatworkSourceMessage, UnifiedMessage } from '../../contract/messages.ts';

/** A ChatWork mention from Aiko Tanaka in the Launch room, as the timeline shows it. */
export function chatworkMessage(
  platformMessageId: string,
  overrides: Partial<ChatworkSourceMessage> = {},
): UnifiedMessage {
  const body = overrides.body ?? `Message ${platformMessageId}`;
  return toUnifiedMessage({
    platform: 'chatwork',
    message_id: platformMessageId,
    platform_message_id: platformMessageId,
    body,
    content: body,
    send_time: 1_767_225_600,
    formatted_time: '2026-01-01T00:00:00.000Z',
    update_time: 0,
    account_info: {
      account_name: 'Kenji',
      workspace_name: 'Acme',
      connection_id: 'cw-1',
      platform_user_id: '1001',
    },
    mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: false },
    is_mention: true,
    is_dm: false,
    position_index: 1,
    original_url: `https://www.chatwork.com/#!rid42-${platformMessageId}`,
    tags: [],
    account: { account_id: 2002, name: 'Aiko Tanaka', avatar_image_url: null },
    room_info: { room_id: 42, name: 'Launch', type: 'group' },
    ...overrides,
  });
}
