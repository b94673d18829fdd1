import type { Language } from '../../../contract/auth.ts';
import { plainTextOf } from '../../../contract/markup/plain-text.ts';
import { platformNames, type SourceMessage } from '../../../contract/messages.ts';
import { PUSH_FIRST_LINE_MAX, type PushPayload } from '../../../contract/push-notifications.ts';

/**
 * The notifications of one burst share a tag, so each replaces the one before it quietly (one notification that
 * counts up); the next burst has a tag of its own, so it alerts again.
 */
export const burstTag = (startedAt: Date) => `matome-mentions-${startedAt.getTime()}`;
const TEST_TAG = 'matome-test';
const HELD_TAG = 'matome-quiet-hours';

/** Where Matome opens one message: the inbox with that message focused. */
export function messagePath(message: SourceMessage): string {
  return `/dashboard?message=${encodeURIComponent(`${message.platform}-${message.platform_message_id}`)}`;
}

/** "#general", "a DM" and the like, with the account's workspace or organisation. */
function placeOf(message: SourceMessage, language: Language): string {
  const workspace = message.account_info.workspace_name ?? platformNames[message.platform];
  if (message.platform === 'slack') {
    const conversation = message.conversation_info;
    if (conversation.is_im)
      return language === 'jp' ? `ダイレクトメッセージ（${workspace}）` : `Direct message · ${workspace}`;
    const name = conversation.is_mpim ? conversation.name : `#${conversation.name}`;
    return language === 'jp' ? `${name}（${workspace}）` : `${name} · ${workspace}`;
  }
  const room = message.room_info;
  if (room.type === 'direct')
    return language === 'jp' ? `ダイレクトチャット（${workspace}）` : `Direct chat · ${workspace}`;
  return language === 'jp' ? `${room.name}（${workspace}）` : `${room.name} · ${workspace}`;
}

/** The first line of the message as plain text, cut to a notification's length. */
export function firstLineOf(message: SourceMessage): string {
  const text = plainTextOf(message);
  const line =
    text
      .split('\n')
      .map((part) => part.trim())
      .find(Boolean) ?? '';
  return line.length > PUSH_FIRST_LINE_MAX ? `${line.slice(0, PUSH_FIRST_LINE_MAX - 1)}…` : line;
}

/**
 * The notification for a message, or for a burst of `count` when more came within the collapse window (then it
 * names the latest and replaces the one before it through the shared tag).
 */
export function messagePayload(
  message: SourceMessage,
  options: { language: Language; count: number; tag: string; includeFirstLine: boolean },
): PushPayload {
  const { language, count } = options;
  const sender = message.account.name;
  const place = placeOf(message, language);
  const line = options.includeFirstLine ? firstLineOf(message) : '';
  const url = messagePath(message);
  if (count > 1) {
    return {
      title: language === 'jp' ? `新しいメンションが${count}件あります` : `${count} new mentions`,
      body: language === 'jp' ? `最新: ${sender}（${place}）` : `Latest: ${sender} in ${place}`,
      tag: options.tag,
      url,
      count,
      lang: language,
    };
  }
  return {
    title: sender,
    body: line ? `${place}\n${line}` : place,
    tag: options.tag,
    url,
    count: 1,
    lang: language,
  };
}

export function testPayload(language: Language): PushPayload {
  return {
    title: language === 'jp' ? 'まとめのテスト通知' : 'Matome test notification',
    body:
      language === 'jp'
        ? 'この端末にまとめの通知が届きます。'
        : 'Notifications from Matome reach this device.',
    tag: TEST_TAG,
    url: '/account#notifications',
    count: 1,
    lang: language,
  };
}

/** The one notification at the end of the quiet hours for what they held back. */
export function heldPayload(language: Language, count: number, url: string): PushPayload {
  return {
    title:
      language === 'jp'
        ? `通知を控える時間中に${count}件のメッセージがありました`
        : count === 1
          ? '1 message came during your quiet hours'
          : `${count} messages came during your quiet hours`,
    body: language === 'jp' ? 'まとめを開いてご確認ください。' : 'Open Matome to read them.',
    tag: HELD_TAG,
    url,
    count,
    lang: language,
  };
}
