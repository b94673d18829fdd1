import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesQuery } from './command-search.ts';
import { readRecentCommands, rememberRecentCommand } from './recent-commands.ts';

describe('matchesQuery', () => {
  const hide = ['Check and hide', '確認して非表示'];

  it('matches either language, ignoring case and width', () => {
    expect(matchesQuery('hide', hide)).toBe(true);
    expect(matchesQuery('HIDE', hide)).toBe(true);
    expect(matchesQuery('ＨＩＤＥ', hide)).toBe(true);
    expect(matchesQuery('非表示', hide)).toBe(true);
    expect(matchesQuery('check hide', hide)).toBe(true);
    expect(matchesQuery('tag', hide)).toBe(false);
    expect(matchesQuery('  ', hide)).toBe(true);
  });

  it('folds half-width katakana to full width', () => {
    expect(foldForSearch('ﾀｸﾞ')).toBe('タグ');
    expect(matchesQuery('ﾀｸﾞ', ['Tags', 'タグを編集'])).toBe(true);
  });
});

describe('recent commands', () => {
  it('keeps the newest first, once each, at most five, per key', () => {
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e', 'f']) rememberRecentCommand('recent.user-1', id);
    expect(readRecentCommands('recent.user-1')).toEqual(['f', 'e', 'd', 'a', 'c']);
    expect(readRecentCommands('recent.user-2')).toEqual([]);
  });

  it('reads nothing from a damaged entry', () => {
    window.localStorage.setItem('recent.user-1', '{not json');
    expect(readRecentCommands('recent.user-1')).toEqual([]);
    window.localStorage.setItem('recent.user-1', '[1, "a"]');
    expect(readRecentCommands('recent.user-1')).toEqual(['a']);
  });
});
