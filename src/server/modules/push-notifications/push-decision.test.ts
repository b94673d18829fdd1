import { describe, expect, it } from 'vitest';
import type { ChatworkSourceMessage } from '../../../contract/messages.ts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../contract/push-notifications.ts';
import { notifyVerdict, type NotifyContext } from './push-decision.ts';

const NOW = new Date('2026-01-15T14:30:00Z'); // 23:30 in Tokyo, 09:30 in New York

function message(overrides: Partial<ChatworkSourceMessage> = {}): ChatworkSourceMessage {
  return {
    platform: 'chatwork',
    message_id: '1',
    platform_message_id: '1',
    body: '[To:1] hi',
    content: '[To:1] hi',
    send_time: NOW.getTime() / 1000 - 5,
    formatted_time: NOW.toISOString(),
    update_time: 0,
    account_info: { account_name: 'me', workspace_name: 'Acme', connection_id: 'c1', platform_user_id: '1' },
    mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: false },
    is_mention: true,
    is_dm: false,
    position_index: 1,
    original_url: 'https://www.chatwork.com/#!rid1-1',
    tags: [],
    account: { account_id: 2, name: 'Maya', avatar_image_url: null },
    room_info: { room_id: 1, name: 'Team', type: 'group' },
    ...overrides,
  };
}

const context = (overrides: Partial<NotifyContext> = {}): NotifyContext => ({
  preferences: DEFAULT_NOTIFICATION_PREFERENCES,
  quietHours: null,
  connectedAt: new Map([['c1', NOW.getTime() - 86_400_000]]),
  now: NOW,
  ...overrides,
});

describe('notifyVerdict', () => {
  it('notifies direct mentions and DMs by default, and other kinds only when chosen', () => {
    expect(notifyVerdict(message(), context())).toBe('notify');
    const allMention = message({
      mention_types: { is_direct_mention: false, is_reply: false, is_all_mention: true, is_dm: false },
    });
    expect(notifyVerdict(allMention, context())).toBe('kind');
    const withAll = { ...DEFAULT_NOTIFICATION_PREFERENCES, kinds: ['all-mention' as const] };
    expect(notifyVerdict(allMention, context({ preferences: withAll }))).toBe('notify');
    expect(notifyVerdict(message(), context({ preferences: withAll }))).toBe('kind');
  });

  it('lets the rules decide first: muted and never-notify win over everything, notify over the kinds', () => {
    expect(notifyVerdict(message({ muted: true, notify: true }), context())).toBe('muted');
    expect(notifyVerdict(message({ notify: false }), context())).toBe('rule-never');
    const none = { ...DEFAULT_NOTIFICATION_PREFERENCES, kinds: [] };
    expect(notifyVerdict(message({ notify: true }), context({ preferences: none }))).toBe('notify');
  });

  it('holds everything in quiet hours that cross midnight, on the wall clock of their time zone', () => {
    const night = { start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' };
    expect(notifyVerdict(message({ notify: true }), context({ quietHours: night }))).toBe('quiet-hours');
    // 00:30 the next day in Tokyo: still inside; 07:00 sharp: outside.
    const after = new Date('2026-01-15T15:30:00Z');
    expect(
      notifyVerdict(
        message({ send_time: after.getTime() / 1000 }),
        context({ quietHours: night, now: after }),
      ),
    ).toBe('quiet-hours');
    const morning = new Date('2026-01-15T22:00:00Z');
    expect(
      notifyVerdict(
        message({ send_time: morning.getTime() / 1000 }),
        context({ quietHours: night, now: morning }),
      ),
    ).toBe('notify');
    // The same hours in New York, where it is 09:30: not quiet.
    const newYork = { ...night, time_zone: 'America/New_York' };
    expect(notifyVerdict(message(), context({ quietHours: newYork }))).toBe('notify');
  });

  it('leaves out connections not chosen and messages that are no longer fresh', () => {
    const onlyOther = { ...DEFAULT_NOTIFICATION_PREFERENCES, connection_ids: ['c2'] };
    expect(notifyVerdict(message(), context({ preferences: onlyOther }))).toBe('connection');
    expect(notifyVerdict(message({ send_time: NOW.getTime() / 1000 - 3600 }), context())).toBe('stale');
    const mine = message({ account: { account_id: 1, name: 'me', avatar_image_url: null } });
    expect(notifyVerdict({ ...mine, notify: true }, context())).toBe('own');
  });

  it("never notifies a new connection's history, however recent, nor a connection the person no longer has", () => {
    // Connected a minute ago: what was sent two minutes ago is history its first gathering brings, not news.
    const justConnected = context({ connectedAt: new Map([['c1', NOW.getTime() - 60_000]]) });
    expect(notifyVerdict(message({ send_time: NOW.getTime() / 1000 - 120 }), justConnected)).toBe('history');
    expect(notifyVerdict(message({ send_time: NOW.getTime() / 1000 - 30 }), justConnected)).toBe('notify');
    // The same second as the connection (send_time has no milliseconds) is news.
    const thisSecond = context({ connectedAt: new Map([['c1', NOW.getTime() - 4_500]]) });
    expect(notifyVerdict(message({ send_time: NOW.getTime() / 1000 - 5 }), thisSecond)).toBe('notify');
    expect(notifyVerdict(message(), context({ connectedAt: new Map() }))).toBe('connection');
  });
});
