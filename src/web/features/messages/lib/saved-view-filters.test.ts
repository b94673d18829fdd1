import { describe, expect, it } from 'vitest';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { SavedView } from '../../../../contract/saved-views.ts';
import { savedView } from '../../../test/dashboard-fixtures.ts';
import { applyFilters, noFilters } from './message-filters.ts';
import { listFiltersOf, missingOf, movedTo, sameFilters, viewFiltersOf } from './saved-view-filters.ts';

const view = (filters: Partial<SavedView['filters']>, missing?: SavedView['missing']): SavedView =>
  savedView('view-1', { name: 'Mine', filters, ...(missing ? { missing } : {}) });

const text = (id: string, platform: 'slack' | 'chatwork', content: string) =>
  ({
    id,
    platform,
    content,
    mention_types: {},
    account_info: { connection_id: 'c1' },
    tags: [],
  }) as unknown as UnifiedMessage;

describe('saved view filters', () => {
  it('turns a view into the list’s filters, leaving out what is gone so the rest still applies', () => {
    const stale = view(
      {
        platform: 'slack',
        types: ['dm'],
        tag_id: 'tag-gone',
        connection_ids: ['c1', 'c-gone', 'c-removed-here'],
      },
      { tag: true, connection_ids: ['c-gone'] },
    );
    const here = new Set(['c1', 'c-gone']);
    expect(listFiltersOf(stale, here)).toEqual({
      platform: 'slack',
      types: ['dm'],
      tagId: null,
      connectionIds: ['c1'],
      words: '',
      sender: null,
      sentFrom: null,
      sentTo: null,
    });
    expect(missingOf(stale, here)).toEqual({ tag: true, connections: 2 });
  });

  it('saves the list’s filters and state, and knows filters equal whatever the order of choices', () => {
    const filters = { ...noFilters, types: ['dm', 'mention'] as const, words: ' 請求書 ' };
    expect(viewFiltersOf(filters, 'snoozed')).toEqual({
      platform: 'all',
      types: ['dm', 'mention'],
      tag_id: null,
      connection_ids: [],
      state: 'snoozed',
      words: '請求書',
    });
    expect(sameFilters(filters, { ...noFilters, types: ['mention', 'dm'], words: '請求書' })).toBe(true);
    expect(sameFilters(filters, { ...noFilters, types: ['mention'], words: '請求書' })).toBe(false);
  });

  it('moves a view to a place, clamped to the ends', () => {
    expect(movedTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(movedTo(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
    expect(movedTo(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
  });

  it('filters by search words as search matches them: Japanese inside a sentence, width and kana folded', () => {
    const messages = [
      text('1', 'chatwork', '来月の請求書を送付しました'),
      text('2', 'slack', 'The ｲﾝﾎﾞｲｽ is attached, billing tomorrow'),
      text('3', 'slack', 'An invoice for you'),
    ];
    const ids = (words: string) => applyFilters(messages, { ...noFilters, words }).map((item) => item.id);
    expect(ids('請求書')).toEqual(['1']);
    expect(ids('インボイス bill')).toEqual(['2']);
    expect(ids('voice')).toEqual([]);
    expect(ids('  ')).toEqual(['1', '2', '3']);
  });
});
