import { describe, expect, it } from 'vitest';
import { displayedType, isValidMessageId, messageIdOf } from '../../../../contract/classification.ts';
import {
  EXPIRY_WARNING_POSITION,
  LONG_CONTENT_THRESHOLD,
  MESSAGE_WINDOW_SIZE,
  SAMPLE_TAG_COUNT,
  TAG_COLORS,
  chatworkSourceMessageSchema,
  platformConnectionSchema,
  slackSourceMessageSchema,
  type ChatworkSourceMessage,
  type Platform,
  type SlackSourceMessage,
} from '../../../../contract/messages.ts';
import { generateSample, generateSampleConnections } from './generate-sample-data.ts';

const NOW = 1_800_000_000;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const languages = ['en', 'jp'] as const;

function chatwork(
  language: 'en' | 'jp',
  options: { now?: number; ownerId?: string; perPlatform?: number } = {},
) {
  return generateSample('chatwork', { language, ownerId: 'owner-1', now: NOW, ...options });
}
function slack(
  language: 'en' | 'jp',
  options: { now?: number; ownerId?: string; perPlatform?: number } = {},
) {
  return generateSample('slack', { language, ownerId: 'owner-1', now: NOW, ...options });
}
const messagesOf = <M>(accounts: { messages: M[] }[]): M[] => accounts.flatMap((account) => account.messages);

describe.each(languages)('sample data in %s', (language) => {
  const chatworkAccounts = chatwork(language);
  const slackAccounts = slack(language);
  const chatworkMessages = messagesOf(chatworkAccounts);
  const slackMessages = messagesOf(slackAccounts);
  const all: (ChatworkSourceMessage | SlackSourceMessage)[] = [...chatworkMessages, ...slackMessages];

  it('has 90 messages per platform (SPEC §9) over at least two accounts each, all valid', () => {
    expect(chatworkMessages).toHaveLength(90);
    expect(slackMessages).toHaveLength(90);
    for (const accounts of [chatworkAccounts, slackAccounts]) {
      expect(accounts.length).toBeGreaterThanOrEqual(2);
      expect(new Set(accounts.map((account) => account.connection.platform_workspace_name)).size).toBe(
        accounts.length,
      );
      for (const account of accounts) {
        platformConnectionSchema.parse(account.connection);
        expect(account.connection.is_sample).toBe(true);
        expect(account.messages.length).toBeGreaterThan(10);
        expect(account.stats.messages_found).toBe(account.messages.length);
        expect(
          account.messages.every((message) => message.account_info.connection_id === account.connection.id),
        ).toBe(true);
      }
    }
    for (const message of chatworkMessages) chatworkSourceMessageSchema.parse(message);
    for (const message of slackMessages) slackSourceMessageSchema.parse(message);
  });

  it('gives every message a valid, unique id and a time in the past, newest first per account', () => {
    for (const [platform, messages] of [
      ['chatwork', chatworkMessages],
      ['slack', slackMessages],
    ] as [Platform, typeof all][]) {
      const ids = messages.map((message) => messageIdOf(platform, message.platform_message_id));
      expect(ids.every(isValidMessageId)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(all.every((message) => message.send_time <= NOW && message.send_time > NOW - 14 * 86_400)).toBe(
      true,
    );
    expect(Math.max(...all.map((message) => message.send_time))).toBeGreaterThan(NOW - 5 * 60);
    for (const account of [...chatworkAccounts, ...slackAccounts]) {
      const times = account.messages.map((message) => message.send_time);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('writes in the sample language', () => {
    const japanese = all.filter((message) => JAPANESE.test(message.content));
    expect(japanese).toHaveLength(language === 'jp' ? all.length : 0);
  });

  it('covers every ChatWork kind and notation', () => {
    const shown = new Set(
      chatworkMessages.map((message) => displayedType(message.mention_types, 'chatwork')),
    );
    expect([...shown].sort()).toEqual(['all-mention', 'dm', 'mention', 'reply']);
    const has = (predicate: (message: ChatworkSourceMessage) => boolean) => chatworkMessages.some(predicate);
    expect(has((m) => m.mention_types.is_dm && m.mention_types.is_reply)).toBe(true);
    expect(has((m) => m.mention_types.is_dm && m.mention_types.is_direct_mention)).toBe(true);
    expect(has((m) => m.mention_types.is_dm && !m.body.includes('[To:') && !m.body.includes('[rp'))).toBe(
      true,
    );
    expect(has((m) => m.mention_types.is_all_mention && m.body.includes('[To:'))).toBe(true);
    expect(has((m) => (m.body.match(/\[To:\d+\]/g) ?? []).length >= 2)).toBe(true);
    for (const notation of [
      /\[To:\d+\]/,
      /\[rp aid=\d+ to=\d+-\d+\]/,
      /\[toall\]/,
      /\[qt\]\[qtmeta aid=\d+ time=\d+\][\s\S]+?\[\/qt\]/,
      /\[info\]\[title\][\s\S]+?\[\/title\][\s\S]+?\[\/info\]/,
      /\[hr\]/,
      /\[code\][\s\S]+?\[\/code\]/,
      /\[picon:\d+\]/,
      /\[piconname:\d+\]/,
      /\[download:\d+\][^[]+\[\/download\]/,
      /\[preview id=\d+ ht=\d+\]/,
    ]) {
      expect(
        has((m) => notation.test(m.body)),
        String(notation),
      ).toBe(true);
    }
    expect(has((m) => m.file !== undefined && m.body.includes(`[download:${m.file.file_id}]`))).toBe(true);
  });

  it('covers every Slack kind and mrkdwn feature', () => {
    const shown = new Set(slackMessages.map((message) => displayedType(message.mention_types, 'slack')));
    expect([...shown].sort()).toEqual(['all-mention', 'dm', 'mention', 'thread']);
    const has = (predicate: (message: SlackSourceMessage) => boolean) => slackMessages.some(predicate);
    expect(has((m) => m.conversation_info.is_im)).toBe(true);
    expect(has((m) => m.conversation_info.is_mpim && m.mention_types.is_dm)).toBe(true);
    expect(has((m) => m.mention_types.is_reply && m.mention_types.is_direct_mention)).toBe(true);
    expect(has((m) => m.thread_ts !== undefined && m.thread_ts === m.ts)).toBe(true);
    expect(has((m) => m.subtype === 'thread_broadcast')).toBe(true);
    expect(has((m) => m.conversation_info.is_group)).toBe(true);
    for (const special of ['<!here>', '<!channel>', '<!everyone>']) {
      expect(has((m) => m.body.includes(special) && m.mention_types.is_all_mention)).toBe(true);
    }
    // Content labels every mention of someone else with their name, as gathered content does; the body stays as Slack sent it.
    for (const message of slackMessages) {
      const me = message.account_info.platform_user_id;
      const bare = [...message.content.matchAll(/<@([UW][A-Z0-9]+)>/g)].map((match) => match[1]);
      expect(
        bare.filter((userId) => userId !== me),
        message.content,
      ).toEqual([]);
    }
    expect(has((m) => /<@U[A-Z0-9]+>/.test(m.body) && /<@U[A-Z0-9]+\|[^>]+>/.test(m.content))).toBe(true);
    // Standard short names come with their emoji, since the browser has no table of its own.
    const tadaOf = (m: SlackSourceMessage) => m.standard_emoji?.find((entry) => entry.name === 'tada')?.emoji;
    expect(has((m) => m.content.includes(':tada:') && tadaOf(m) === '🎉')).toBe(true);
    for (const message of slackMessages.filter((m) => !m.content.includes(':'))) {
      expect(message.standard_emoji).toBeUndefined();
    }
    for (const notation of [
      /<@U[A-Z0-9]+>/,
      /<@U[A-Z0-9]+\|[^>]+>/,
      /<#C[A-Z0-9]+\|[^>]+>/,
      /<!subteam\^S[A-Z0-9]+\|@[^>]+>/,
      /<https:\/\/[^|>]+\|[^>]+>/,
      /&amp;/,
      /&lt;/,
      /&gt;/,
      /(^|\s)\*[^*\n]+\*/,
      /(^|\s)_[^_\n]+_/,
      /~[^~\n]+~/,
      /`[^`\n]+`/,
      /```[\s\S]+?```/,
      /^&gt; /m,
    ]) {
      expect(
        has((m) => notation.test(m.body)),
        String(notation),
      ).toBe(true);
    }
    for (const message of slackMessages) {
      expect(message.platform_message_id).toBe(`${message.conversation_info.id}-${message.ts}`);
      if (message.mention_types.is_reply) expect(Number(message.thread_ts)).toBeLessThan(Number(message.ts));
    }
  });

  it('has files, long bodies and messages about to leave the 100-message window', () => {
    expect(chatworkMessages.filter((message) => message.file).length).toBeGreaterThan(3);
    expect(slackMessages.filter((message) => message.files?.length).length).toBeGreaterThan(3);
    expect(
      slackMessages.some((message) => message.files?.some((file) => file.mimetype.startsWith('image/'))),
    ).toBe(true);
    for (const messages of [chatworkMessages, slackMessages]) {
      expect(
        messages.filter((message) => message.content.length > LONG_CONTENT_THRESHOLD).length,
      ).toBeGreaterThan(1);
      expect(
        messages.filter((message) => message.position_index >= EXPIRY_WARNING_POSITION).length,
      ).toBeGreaterThan(1);
      expect(
        messages.filter((message) => message.position_index < EXPIRY_WARNING_POSITION).length,
      ).toBeGreaterThan(50);
    }
  });

  it('ranks messages within their room: distinct, within the window, older means further back', () => {
    const byRoom = new Map<string, { position: number; time: number }[]>();
    for (const message of all) {
      const room =
        message.platform === 'chatwork' ? String(message.room_info.room_id) : message.conversation_info.id;
      byRoom.set(room, [
        ...(byRoom.get(room) ?? []),
        { position: message.position_index, time: message.send_time },
      ]);
    }
    for (const entries of byRoom.values()) {
      const positions = entries.sort((a, b) => b.time - a.time).map((entry) => entry.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(Math.max(...positions)).toBeLessThanOrEqual(MESSAGE_WINDOW_SIZE);
    }
  });

  it('tags some messages with the 8 sample tags, which have Japanese names and palette colours', () => {
    const tagged = all.filter((message) => message.tags.length > 0);
    expect(tagged.length).toBeGreaterThan(10);
    expect(tagged.length).toBeLessThan(all.length / 2);
    const tags = new Map(tagged.flatMap((message) => message.tags).map((tag) => [tag.id, tag]));
    expect(tags.size).toBeLessThanOrEqual(SAMPLE_TAG_COUNT);
    expect(tags.size).toBeGreaterThanOrEqual(6);
    for (const tag of tags.values()) {
      expect(tag.name_jp).toMatch(JAPANESE);
      expect(TAG_COLORS).toContain(tag.color);
    }
  });
});

describe('determinism', () => {
  it('gives the same data for the same inputs', () => {
    expect(chatwork('en')).toEqual(chatwork('en'));
    expect(slack('jp')).toEqual(slack('jp'));
  });

  it('moves only the times when now moves, so ids and content stay put', () => {
    const later = 3_600;
    for (const platform of ['chatwork', 'slack'] as const) {
      const generate = (now: number) =>
        generateSample(platform, { language: 'en', ownerId: 'owner-1', now }).flatMap(
          (account): (ChatworkSourceMessage | SlackSourceMessage)[] => account.messages,
        );
      const first = generate(NOW);
      const second = generate(NOW + later);
      expect(second.map((message) => message.platform_message_id)).toEqual(
        first.map((message) => message.platform_message_id),
      );
      expect(second.map((message) => message.send_time - later)).toEqual(
        first.map((message) => message.send_time),
      );
      expect(second.map((message) => message.tags)).toEqual(first.map((message) => message.tags));
      expect(second.map((message) => message.position_index)).toEqual(
        first.map((message) => message.position_index),
      );
    }
  });

  it('scopes connection ids to their owner but shows every owner the same content', () => {
    const mine = chatwork('jp', { ownerId: 'owner-1' });
    const theirs = chatwork('jp', { ownerId: 'owner-2' });
    const mineIds = mine.map((account) => account.connection.id);
    expect(theirs.map((account) => account.connection.id).some((id) => mineIds.includes(id))).toBe(false);
    expect(messagesOf(theirs).map((message) => message.body)).toEqual(
      messagesOf(mine).map((message) => message.body),
    );
    expect(generateSampleConnections('chatwork', { language: 'jp', ownerId: 'owner-1', now: NOW })).toEqual(
      mine.map((account) => account.connection),
    );
    expect(generateSampleConnections('slack', { language: 'jp', ownerId: 'owner-1', now: NOW })).toEqual(
      slack('jp').map((account) => account.connection),
    );
  });

  it('differs between languages', () => {
    expect(messagesOf(slack('en'))[0]!.body).not.toBe(messagesOf(slack('jp'))[0]!.body);
  });
});

describe('size option', () => {
  it('generates 1,000 messages per platform (2,000 in all) that still fit the window rules', () => {
    for (const messages of [
      messagesOf(chatwork('en', { perPlatform: 1000 })),
      messagesOf(slack('jp', { perPlatform: 1000 })),
    ]) {
      expect(messages).toHaveLength(1000);
      expect(messages.every((message) => message.position_index >= 1 && message.position_index <= 100)).toBe(
        true,
      );
      const keys = messages.map((message) => message.platform_message_id);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('generates a handful of messages too', () => {
    expect(messagesOf(chatwork('en', { perPlatform: 3 }))).toHaveLength(3);
    expect(messagesOf(slack('en', { perPlatform: 1 }))).toHaveLength(1);
  });
});

describe('one connection’s sample', () => {
  it.each([
    ['chatwork', 'en', 90],
    ['slack', 'jp', 90],
    ['chatwork', 'jp', 1_000],
    ['slack', 'en', 1_000],
  ] as const)(
    'for %s in %s with %i messages equals that connection’s part of the whole sample',
    (platform, language, perPlatform) => {
      const options = { language, ownerId: 'owner-1', now: NOW, perPlatform };
      const whole = generateSample(platform, options);
      for (const account of whole) {
        const alone = generateSample(platform, {
          ...options,
          onlyConnectionIds: new Set([account.connection.id]),
        });
        expect(alone).toEqual([account]);
      }
      expect(generateSample(platform, { ...options, onlyConnectionIds: new Set() })).toEqual([]);
    },
  );
});
