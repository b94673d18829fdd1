import { describe, expect, it } from 'vitest';
import type { MentionTypes, Tag, UnifiedMessage } from '../../../../contract/messages.ts';
import { listReducer } from '../hooks/use-message-filters.ts';
import { applyFilters, facetCounts, noFilters, tagChoices, type MessageFilters } from './message-filters.ts';

const none: MentionTypes = { is_direct_mention: false, is_reply: false, is_all_mention: false, is_dm: false };
const urgent: Tag = { id: 'tag-urgent', name: 'urgent', name_jp: '至急', color: '#EF4444' };
const later: Tag = { id: 'tag-later', name: 'later', color: '#6B7280' };

function message(
  id: string,
  platform: 'chatwork' | 'slack',
  connectionId: string,
  types: Partial<MentionTypes>,
  tags: Tag[] = [],
  { sender = 'Emily Carter', sentAt = '2026-11-20T09:00:00' } = {},
): UnifiedMessage {
  return {
    id: `${platform}-${id}`,
    platform,
    platform_message_id: id,
    mention_types: { ...none, ...types },
    account_info: { connection_id: connectionId },
    sender: { id: `U-${sender}`, name: sender, avatar_url: null },
    send_time: new Date(sentAt).getTime() / 1000,
    tags,
  } as unknown as UnifiedMessage;
}

const messages = [
  message('1', 'chatwork', 'cw-a', { is_direct_mention: true }, [urgent]),
  message('2', 'chatwork', 'cw-b', { is_reply: true }),
  message('3', 'slack', 'sl-a', { is_dm: true, is_direct_mention: true }, [later]),
  message('4', 'slack', 'sl-a', { is_all_mention: true }, [urgent, later]),
  message('5', 'slack', 'sl-b', { is_reply: true }),
];

const ids = (list: UnifiedMessage[]) => list.map((item) => item.platform_message_id);
const withFilters = (filters: Partial<MessageFilters>) => ({ ...noFilters, ...filters });

describe('sender and days sent', () => {
  // Local times: the date inputs name days of the browser's own time zone.
  const dated = [
    message('a', 'slack', 'sl-a', { is_dm: true }, [], {
      sender: '田中 花子',
      sentAt: '2026-11-19T23:59:00',
    }),
    message('b', 'chatwork', 'cw-a', { is_dm: true }, [], {
      sender: '田中 花子',
      sentAt: '2026-11-20T00:00:00',
    }),
    message('c', 'slack', 'sl-b', { is_dm: true }, [], {
      sender: 'Emily Carter',
      sentAt: '2026-11-21T23:59:59',
    }),
    message('d', 'slack', 'sl-a', { is_dm: true }, [], {
      sender: 'Emily Carter',
      sentAt: '2026-11-22T00:00:00',
    }),
  ];

  it('finds one person across every account by name', () => {
    expect(ids(applyFilters(dated, withFilters({ sender: '田中 花子' })))).toEqual(['a', 'b']);
  });

  it('keeps the whole of the first and the last day', () => {
    const between = withFilters({ sentFrom: '2026-11-20', sentTo: '2026-11-21' });
    expect(ids(applyFilters(dated, between))).toEqual(['b', 'c']);
    expect(ids(applyFilters(dated, withFilters({ sentFrom: '2026-11-21' })))).toEqual(['c', 'd']);
    expect(ids(applyFilters(dated, withFilters({ sentTo: '2026-11-19' })))).toEqual(['a']);
  });

  it('counts each sender with the other filters applied, most messages first', () => {
    const counts = facetCounts(dated, withFilters({ sender: 'Emily Carter', sentFrom: '2026-11-20' }));
    expect([...counts.senders]).toEqual([
      ['Emily Carter', 2],
      ['田中 花子', 1],
    ]);
  });
});

describe('applyFilters', () => {
  it('shows everything without filters', () => {
    expect(ids(applyFilters(messages, noFilters))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('narrows by platform, tag and connection', () => {
    expect(ids(applyFilters(messages, withFilters({ platform: 'slack' })))).toEqual(['3', '4', '5']);
    expect(ids(applyFilters(messages, withFilters({ tagId: urgent.id })))).toEqual(['1', '4']);
    expect(ids(applyFilters(messages, withFilters({ connectionIds: ['sl-a', 'cw-b'] })))).toEqual([
      '2',
      '3',
      '4',
    ]);
  });

  it('widens within the type filter and narrows across filters', () => {
    expect(ids(applyFilters(messages, withFilters({ types: ['mention', 'reply'] })))).toEqual([
      '1',
      '2',
      '3',
      '5',
    ]);
    expect(
      ids(applyFilters(messages, withFilters({ types: ['mention', 'reply'], platform: 'slack' }))),
    ).toEqual(['3', '5']);
  });

  it('counts a message with several flags under each of its types', () => {
    expect(ids(applyFilters(messages, withFilters({ types: ['dm'] })))).toEqual(['3']);
    expect(ids(applyFilters(messages, withFilters({ types: ['mention'] })))).toEqual(['1', '3']);
  });
});

describe('facetCounts', () => {
  it('counts each facet with the other filters applied, so a count is what choosing it would show', () => {
    const filters = withFilters({ platform: 'slack', types: ['reply'] });
    const counts = facetCounts(messages, filters);
    expect(counts.platform).toEqual({ chatwork: 1, slack: 1 });
    expect(counts.types).toEqual({ mention: 1, dm: 1, reply: 1, 'all-mention': 1 });
    expect(Object.fromEntries(counts.connections)).toEqual({ 'sl-b': 1 });
    expect(applyFilters(messages, { ...filters, tagId: urgent.id })).toHaveLength(
      counts.tags.get(urgent.id) ?? 0,
    );
    for (const type of ['mention', 'dm', 'reply', 'all-mention'] as const) {
      expect(applyFilters(messages, { ...filters, types: [type] })).toHaveLength(counts.types[type]);
    }
  });
});

describe('facetCounts over every combination of filters', () => {
  const people = ['Emily Carter', '佐藤 健二'];
  const everyKind = [false, true].flatMap((dm) =>
    [false, true].flatMap((reply) =>
      [false, true].map((all) => ({
        is_dm: dm,
        is_reply: reply,
        is_all_mention: all,
        is_direct_mention: !all,
      })),
    ),
  );
  const many = everyKind.flatMap((types, kind) =>
    [0, 1, 2, 3].map((variant) =>
      message(
        `${kind}-${variant}`,
        variant % 2 === 0 ? 'chatwork' : 'slack',
        variant < 2 ? 'conn-a' : 'conn-b',
        types,
        [[], [urgent], [later], [urgent, later]][(kind + variant) % 4],
        {
          sender: people[(kind + variant) % 2],
          sentAt: `2026-11-${String(18 + variant).padStart(2, '0')}T09:00:00`,
        },
      ),
    ),
  );
  const choices: Partial<MessageFilters>[] = [
    {},
    { platform: 'slack' },
    { types: ['dm'] },
    { tagId: urgent.id },
    { connectionIds: ['conn-b'] },
    { sender: '佐藤 健二' },
    { sentFrom: '2026-11-19', sentTo: '2026-11-20' },
  ];
  // Every pair of choices, so messages fail none, one or several facets at once.
  const combinations = choices.flatMap((first) =>
    choices.map((second) => withFilters({ ...first, ...second })),
  );

  it('gives each choice the number of messages choosing it would list', () => {
    for (const filters of combinations) {
      const counts = facetCounts(many, filters);
      const label = JSON.stringify(filters);
      for (const platform of ['chatwork', 'slack'] as const) {
        expect(counts.platform[platform], label).toBe(applyFilters(many, { ...filters, platform }).length);
      }
      for (const type of ['mention', 'dm', 'reply', 'all-mention'] as const) {
        expect(counts.types[type], label).toBe(applyFilters(many, { ...filters, types: [type] }).length);
      }
      for (const connectionId of ['conn-a', 'conn-b']) {
        expect(counts.connections.get(connectionId) ?? 0, label).toBe(
          applyFilters(many, { ...filters, connectionIds: [connectionId] }).length,
        );
      }
      for (const tag of [urgent, later]) {
        expect(counts.tags.get(tag.id) ?? 0, label).toBe(
          applyFilters(many, { ...filters, tagId: tag.id }).length,
        );
      }
      for (const sender of people) {
        expect(counts.senders.get(sender) ?? 0, label).toBe(
          applyFilters(many, { ...filters, sender }).length,
        );
      }
    }
  });
});

describe('tagChoices', () => {
  it('lists every tag of the user, used or not, and each tag once, by name', () => {
    const unused = { ...later, id: 'tag-unused', name: 'Archive' };
    expect(tagChoices([unused, urgent], messages).map((tag) => tag.id)).toEqual([
      unused.id,
      later.id,
      urgent.id,
    ]);
  });
});

describe('listReducer', () => {
  it('returns to the first page whenever a filter changes', () => {
    const onPage3 = { filters: noFilters, page: 3 };
    expect(listReducer(onPage3, { type: 'platform', platform: 'slack' }).page).toBe(1);
    expect(listReducer(onPage3, { type: 'toggle-type', messageType: 'dm' }).page).toBe(1);
    expect(listReducer(onPage3, { type: 'tag', tagId: 'x' }).page).toBe(1);
    expect(listReducer(onPage3, { type: 'toggle-connection', connectionId: 'c' }).page).toBe(1);
    expect(listReducer(onPage3, { type: 'clear' }).page).toBe(1);
    expect(listReducer(onPage3, { type: 'page', page: 5 })).toEqual({ filters: noFilters, page: 5 });
  });

  it('toggles types and connections on and off', () => {
    const once = listReducer({ filters: noFilters, page: 1 }, { type: 'toggle-type', messageType: 'dm' });
    expect(once.filters.types).toEqual(['dm']);
    expect(listReducer(once, { type: 'toggle-type', messageType: 'dm' }).filters.types).toEqual([]);
  });
});
