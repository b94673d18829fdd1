import { describe, expect, it } from 'vitest';
import {
  classifyChatworkMessage,
  classifySlackMessage,
  compareNewestFirst,
  countByTypeFilter,
  displayedType,
  isValidMessageId,
  matchesTypeFilter,
  parseMessageId,
  stripChatworkQuotes,
  summarizeMessages,
  toUnifiedMessage,
  typeBadges,
} from './classification.ts';
import {
  unifiedMessageSchema,
  type ChatworkSourceMessage,
  type MentionTypes,
  type SlackSourceMessage,
} from './messages.ts';

const NONE: MentionTypes = { is_direct_mention: false, is_reply: false, is_all_mention: false, is_dm: false };
const flags = (...set: (keyof MentionTypes)[]): MentionTypes =>
  Object.fromEntries(
    Object.keys(NONE).map((key) => [key, set.includes(key as keyof MentionTypes)]),
  ) as MentionTypes;

describe('ChatWork classification (SPEC §5)', () => {
  const ME = 1234567;
  const OTHER = 7654321;
  const cases: [string, string, 'group' | 'direct', MentionTypes][] = [
    [
      'To me (jp)',
      `[To:${ME}]佐藤 美咲さん\nご確認をお願いいたします。`,
      'group',
      flags('is_direct_mention'),
    ],
    ['To me (en)', `[To:${ME}]Alex Morgan\nCould you review the draft?`, 'group', flags('is_direct_mention')],
    [
      'To me among others',
      `[To:${OTHER}]田中 健太さん\n[To:${ME}]佐藤 美咲さん\nお二人でご確認ください。`,
      'group',
      flags('is_direct_mention'),
    ],
    ['To someone else only', `[To:${OTHER}]田中 健太さん\n承知しました。`, 'group', NONE],
    ['To an id that only starts like mine', `[To:${ME}0]Someone\nHi`, 'group', NONE],
    ['To a prefix of my id', `[To:${String(ME).slice(0, 6)}]Someone\nHi`, 'group', NONE],
    [
      'reply to me (jp)',
      `[rp aid=${ME} to=123456789-1853058647593827592]佐藤 美咲さん\n承知いたしました。`,
      'group',
      flags('is_reply'),
    ],
    [
      'reply to me (en)',
      `[rp aid=${ME} to=1-2]Alex Morgan\nThanks, that works for me.`,
      'group',
      flags('is_reply'),
    ],
    [
      'reply to me that also has To me: a reply, not a mention',
      `[rp aid=${ME} to=1-2]佐藤さん\n[To:${ME}]念のため`,
      'group',
      flags('is_reply'),
    ],
    ['reply to someone else', `[rp aid=${OTHER} to=1-2]田中さん\nありがとうございます。`, 'group', NONE],
    [
      'reply to someone else that names me with To',
      `[rp aid=${OTHER} to=1-2]Tom\n[To:${ME}]Alex FYI`,
      'group',
      flags('is_direct_mention'),
    ],
    ['to-all (jp)', `[toall]\n今月の勤怠の締め切りは金曜17時です。`, 'group', flags('is_all_mention')],
    ['to-all (en)', `[toall]\nReminder: timesheets are due by Friday 5pm.`, 'group', flags('is_all_mention')],
    ['to-all in capitals', `[TOALL] All hands in 10 minutes`, 'group', flags('is_all_mention')],
    ['to-all in mixed case', `[ToAll] 全体会議を開始します`, 'group', flags('is_all_mention')],
    [
      'to-all with To me: an all-mention, not a mention',
      `[toall]\n[To:${ME}]佐藤 美咲さん\nお知らせです。`,
      'group',
      flags('is_all_mention'),
    ],
    [
      'direct room, no markers (jp)',
      `お疲れさまです。少しお時間よろしいでしょうか。`,
      'direct',
      flags('is_dm'),
    ],
    ['direct room, no markers (en)', `Are you free for lunch on Wednesday?`, 'direct', flags('is_dm')],
    [
      'direct room with To me',
      `[To:${ME}]Alex Morgan\nQuick one`,
      'direct',
      flags('is_dm', 'is_direct_mention'),
    ],
    [
      'direct room with a reply to me',
      `[rp aid=${ME} to=1-2]佐藤さん\n承知しました。`,
      'direct',
      flags('is_dm', 'is_reply'),
    ],
    ['group room, no markers', `Deployed to staging.`, 'group', NONE],
    [
      'To me only inside a quote',
      `[qt][qtmeta aid=${OTHER} time=1767225600][To:${ME}]佐藤さん 確認お願いします[/qt]\n対応済みです。`,
      'group',
      NONE,
    ],
    [
      'to-all only inside a quote',
      `[qt][qtmeta aid=${OTHER}][toall] お知らせ[/qt]\nこちらの件、承知しました。`,
      'group',
      NONE,
    ],
    [
      'reply to me only inside a nested quote',
      `[qt][qtmeta aid=1][qt][rp aid=${ME} to=1-2]x[/qt]y[/qt]z`,
      'group',
      NONE,
    ],
    [
      'To me after a quote',
      `[qt][qtmeta aid=${OTHER} time=1]Can we lock the date?[/qt]\n[To:${ME}]Alex I think so`,
      'group',
      flags('is_direct_mention'),
    ],
    [
      'To me after an unclosed quote tag (shown as text)',
      `[qt] [To:${ME}]Alex`,
      'group',
      flags('is_direct_mention'),
    ],
    [
      'markers in an info block still count',
      `[info][title]お知らせ[/title][To:${ME}]佐藤さん[/info]`,
      'group',
      flags('is_direct_mention'),
    ],
  ];

  it.each(cases)('%s', (_label, body, roomType, expected) => {
    expect(classifyChatworkMessage({ body, roomType, myAccountId: ME })).toEqual(expected);
  });

  it('accepts my account id as text', () => {
    expect(
      classifyChatworkMessage({ body: `[To:${ME}]x`, roomType: 'group', myAccountId: String(ME) }),
    ).toEqual(flags('is_direct_mention'));
  });

  it('strips quotes in linear time on hostile input', () => {
    const hostile = '[qt]'.repeat(25_000) + `[To:${ME}]` + '[/qt]'.repeat(10) + 'x'.repeat(100_000);
    const started = performance.now();
    const types = classifyChatworkMessage({ body: hostile, roomType: 'group', myAccountId: ME });
    expect(performance.now() - started).toBeLessThan(500);
    expect(types.is_direct_mention).toBe(false);
    expect(stripChatworkQuotes('a[/qt]b[qt]c')).toBe('a[/qt]b[qt]c');
    expect(stripChatworkQuotes('a[qt]b[/qt]c[qt]d[/qt]e')).toBe('ace');
  });
});

describe('Slack classification (SPEC §5)', () => {
  const ME = 'U07JYK4G5U';
  const channel = { is_im: false, is_mpim: false };
  const im = { is_im: true, is_mpim: false };
  const mpim = { is_im: false, is_mpim: true };
  const TS = '1767225600.000100';
  const PARENT = '1767225000.000200';
  const cases: [string, string, string | undefined, typeof channel, MentionTypes][] = [
    [
      'direct mention (en)',
      `<@${ME}> can you take a look at the PR before EOD?`,
      undefined,
      channel,
      flags('is_direct_mention'),
    ],
    [
      'direct mention (jp)',
      `<@${ME}> 本日中にレビューをお願いできますでしょうか。`,
      undefined,
      channel,
      flags('is_direct_mention'),
    ],
    [
      'direct mention with a label',
      `Hey <@${ME}|alex.morgan>, the timeline is ready`,
      undefined,
      channel,
      flags('is_direct_mention'),
    ],
    ['mention of someone else', `<@U0DMXK2UPU> thanks!`, undefined, channel, NONE],
    ['mention of an id that only starts like mine', `<@${ME}X> hi`, undefined, channel, NONE],
    ['plain @name text is not a mention', `@alex.morgan please check`, undefined, channel, NONE],
    ['<!here>', `<!here> 全体会議は10分後に開始いたします`, undefined, channel, flags('is_all_mention')],
    [
      '<!channel>',
      `<!channel> Reminder: expense reports by Friday.`,
      undefined,
      channel,
      flags('is_all_mention'),
    ],
    [
      '<!everyone>',
      `<!everyone> The office Wi-Fi will be down tomorrow.`,
      undefined,
      channel,
      flags('is_all_mention'),
    ],
    ['<!here|here> (with a label)', `<!here|here> standup in 5`, undefined, channel, flags('is_all_mention')],
    [
      '<!channel|@channel> (with a label)',
      `<!channel|@channel> 障害対応中です`,
      undefined,
      channel,
      flags('is_all_mention'),
    ],
    [
      'a user group is not an all-mention',
      `<!subteam^S0123ABCD|@backend-team> retro notes are up`,
      undefined,
      channel,
      NONE,
    ],
    ['a channel reference is not a mention', `see <#C0ISNLNFIY|atlas-launch>`, undefined, channel, NONE],
    ['a date token is not an all-mention', `<!date^1767225600^{date_short}|Jan 1>`, undefined, channel, NONE],
    ['thread reply', `+1, I ran into the same issue yesterday.`, PARENT, channel, flags('is_reply')],
    ['thread reply (jp)', `私も昨日、同じ事象を確認しました。`, PARENT, channel, flags('is_reply')],
    [
      'thread parent (thread_ts equals ts)',
      `<@${ME}> kicking off a thread`,
      TS,
      channel,
      flags('is_direct_mention'),
    ],
    ['im', `Hey! Do you have a few minutes?`, undefined, im, flags('is_dm')],
    ['mpim', `合宿の準備はこちらのグループで進めましょう。`, undefined, mpim, flags('is_dm')],
    [
      'mention in an mpim',
      `<@${ME}> 明日は何時ごろがご都合よろしいでしょうか。`,
      undefined,
      mpim,
      flags('is_dm', 'is_direct_mention'),
    ],
    [
      'every flag at once',
      `<!here> <@${ME}> see above`,
      PARENT,
      im,
      flags('is_direct_mention', 'is_reply', 'is_all_mention', 'is_dm'),
    ],
  ];

  it.each(cases)('%s', (_label, text, threadTs, conversation, expected) => {
    expect(classifySlackMessage({ text, ts: TS, threadTs, conversation, myUserId: ME })).toEqual(expected);
  });
});

describe('displayed type, filters and badges', () => {
  const precedence: [MentionTypes, 'chatwork' | 'slack', string][] = [
    [flags('is_dm', 'is_direct_mention', 'is_reply', 'is_all_mention'), 'slack', 'dm'],
    [flags('is_direct_mention', 'is_reply', 'is_all_mention'), 'slack', 'mention'],
    [flags('is_reply', 'is_all_mention'), 'chatwork', 'reply'],
    [flags('is_reply', 'is_all_mention'), 'slack', 'thread'],
    [flags('is_reply'), 'slack', 'thread'],
    [flags('is_all_mention'), 'chatwork', 'all-mention'],
    [flags('is_all_mention'), 'slack', 'all-mention'],
    [NONE, 'slack', 'mention'],
  ];
  it.each(precedence)('%j on %s shows as %s', (types, platform, expected) => {
    expect(displayedType(types, platform)).toBe(expected);
  });

  it('puts a message with several flags under each filter and shows each badge', () => {
    const types = flags('is_reply', 'is_all_mention');
    expect(matchesTypeFilter(types, 'reply')).toBe(true);
    expect(matchesTypeFilter(types, 'all-mention')).toBe(true);
    expect(matchesTypeFilter(types, 'mention')).toBe(false);
    expect(typeBadges(flags('is_all_mention', 'is_dm', 'is_direct_mention'))).toEqual([
      'mention',
      'dm',
      'all-mention',
    ]);
  });

  it('counts each flag in summaries and filter counts', () => {
    const messages = [
      { mention_types: flags('is_direct_mention', 'is_dm') },
      { mention_types: flags('is_reply', 'is_all_mention') },
      { mention_types: flags('is_direct_mention') },
    ];
    expect(summarizeMessages(messages, 2)).toEqual({
      total_messages: 3,
      mentions: 2,
      replies: 1,
      all_mentions: 1,
      direct_messages: 1,
      accounts_processed: 2,
    });
    expect(countByTypeFilter(messages)).toEqual({ mention: 2, dm: 1, reply: 1, 'all-mention': 1 });
  });
});

describe('message ids (SPEC §5)', () => {
  it.each([
    ['chatwork-1853058647593827592', true],
    ['slack-C0ISNLNFIY-1767220180.866491', true],
    ['chatwork-', false],
    ['slack-', false],
    ['teams-123', false],
    ['Chatwork-123', false],
    [' slack-123', false],
    ['chatwork123', false],
    ['', false],
  ])('%j is valid: %s', (id, valid) => {
    expect(isValidMessageId(id)).toBe(valid);
  });

  it('rejects values that are not text and parses valid ids', () => {
    expect(isValidMessageId(123)).toBe(false);
    expect(isValidMessageId(null)).toBe(false);
    expect(parseMessageId('slack-C0ISNLNFIY-1767220180.866491')).toEqual({
      platform: 'slack',
      platformMessageId: 'C0ISNLNFIY-1767220180.866491',
    });
    expect(parseMessageId('line-1')).toBeNull();
  });
});

const accountInfo = {
  account_name: 'Alex Morgan',
  workspace_name: 'Northwind',
  connection_id: '45784a02-ccac-49cf-a9ac-9de39f437802',
  platform_user_id: 'U07JYK4G5U',
};

function slackMessage(overrides: Partial<SlackSourceMessage> = {}): SlackSourceMessage {
  const ts = '1767220180.866491';
  return {
    platform: 'slack',
    message_id: ts,
    ts,
    thread_ts: '1767210000.000100',
    platform_message_id: `C0ISNLNFIY-${ts}`,
    body: '<@U07JYK4G5U> see the screenshot',
    content: '<@U07JYK4G5U> see the screenshot',
    send_time: 1_799_994_580,
    formatted_time: '2027-01-15T06:29:40.000Z',
    account: { account_id: 'U0DMXK2UPU', name: "Liam O'Connor", avatar_image_url: null },
    conversation_info: {
      id: 'C0ISNLNFIY',
      name: 'atlas-launch',
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
    },
    account_info: accountInfo,
    mention_types: flags('is_direct_mention', 'is_reply'),
    is_mention: true,
    is_dm: false,
    files: [
      {
        id: 'F0HL3YRYSNM',
        name: 'conversion-dashboard.png',
        title: 'conversion-dashboard',
        mimetype: 'image/png',
        filetype: 'png',
        size: 412_880,
        permalink: 'https://northwind-hq.slack.com/files/U0H32E4VYZ/F0HL3YRYSNM/conversion-dashboard.png',
      },
    ],
    position_index: 84,
    original_url: 'https://northwind-hq.slack.com/archives/C0ISNLNFIY/p1767220180866491',
    tags: [{ id: 't1', name: 'Urgent', name_jp: '緊急', color: '#EF4444' }],
    ...overrides,
  };
}

function chatworkMessage(overrides: Partial<ChatworkSourceMessage> = {}): ChatworkSourceMessage {
  return {
    platform: 'chatwork',
    message_id: '1853058647593827592',
    platform_message_id: '1853058647593827592',
    body: '契約書ドラフトをお送りします。',
    content: '契約書ドラフトをお送りします。',
    send_time: 1_799_990_000,
    update_time: 0,
    formatted_time: '2027-01-15T05:13:20.000Z',
    account: { account_id: 5409656, name: '田中 健太', avatar_image_url: null },
    room_info: { room_id: 123855428, name: '田中 健太', type: 'direct' },
    account_info: { ...accountInfo, platform_user_id: '7040764' },
    mention_types: flags('is_dm'),
    is_mention: false,
    is_dm: true,
    file: {
      file_id: 1_234_567_890,
      filename: '契約書ドラフト_修正版.docx',
      filesize: 96_120,
      upload_time: 1_799_990_000,
    },
    position_index: 3,
    original_url: 'https://www.chatwork.com/#!rid123855428-1853058647593827592',
    tags: [],
    ...overrides,
  };
}

describe('toUnifiedMessage', () => {
  it('turns a Slack thread reply into a channel message with its files', () => {
    const source = slackMessage();
    const unified = unifiedMessageSchema.parse(toUnifiedMessage(source));
    expect(unified).toMatchObject({
      id: 'slack-C0ISNLNFIY-1767220180.866491',
      message_id: '1767220180.866491',
      platform: 'slack',
      platform_message_id: 'C0ISNLNFIY-1767220180.866491',
      sender: { id: 'U0DMXK2UPU', name: "Liam O'Connor", avatar_url: null },
      location: { type: 'channel', name: 'atlas-launch', id: 'C0ISNLNFIY' },
      displayed_type: 'mention',
      position_index: 84,
      original_url: source.original_url,
      files: [{ id: 'F0HL3YRYSNM', name: 'conversion-dashboard.png', size: 412_880, isImage: true }],
    });
    expect(isValidMessageId(unified.id)).toBe(true);
    expect(unified.original_message).toEqual(source);
    expect(unified.tags).toEqual(source.tags);
  });

  it('keeps the standard emoji a Slack message carries for its text, and adds none to one without', () => {
    const withEmoji = slackMessage({
      content: 'Shipped :tada:',
      standard_emoji: [{ name: 'tada', emoji: '🎉' }],
    });
    expect(unifiedMessageSchema.parse(toUnifiedMessage(withEmoji)).standard_emoji).toEqual([
      { name: 'tada', emoji: '🎉' },
    ]);
    expect(toUnifiedMessage(slackMessage())).not.toHaveProperty('standard_emoji');
  });

  it('maps Slack ims to dm and mpims to group', () => {
    const conversation = slackMessage().conversation_info;
    expect(
      toUnifiedMessage(
        slackMessage({ conversation_info: { ...conversation, is_channel: false, is_im: true } }),
      ).location.type,
    ).toBe('dm');
    expect(
      toUnifiedMessage(
        slackMessage({ conversation_info: { ...conversation, is_channel: false, is_mpim: true } }),
      ).location.type,
    ).toBe('group');
  });

  it('turns a ChatWork direct-room message into a dm with its file', () => {
    const unified = unifiedMessageSchema.parse(toUnifiedMessage(chatworkMessage()));
    expect(unified).toMatchObject({
      id: 'chatwork-1853058647593827592',
      platform: 'chatwork',
      sender: { id: '5409656', name: '田中 健太' },
      location: { type: 'dm', name: '田中 健太', id: '123855428' },
      displayed_type: 'dm',
      files: [{ id: '1234567890', name: '契約書ドラフト_修正版.docx', size: 96_120, isImage: false }],
    });
    const group = toUnifiedMessage(
      chatworkMessage({ room_info: { room_id: 1, name: '営業部', type: 'group' }, file: undefined }),
    );
    expect(group.location.type).toBe('room');
    expect(group.files).toEqual([]);
  });

  it('orders newest first, ties by id', () => {
    const items = [
      { send_time: 10, platform_message_id: 'a' },
      { send_time: 30, platform_message_id: 'b' },
      { send_time: 10, platform_message_id: 'c' },
    ];
    expect(items.sort(compareNewestFirst).map((item) => item.platform_message_id)).toEqual(['b', 'c', 'a']);
  });
});
