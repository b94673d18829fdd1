import { describe, expect, it } from 'vitest';
import { containsAllTerms, findTerms, foldText, searchTerms } from './text-search.ts';

function highlighted(text: string, query: string): string[] | null {
  const ranges = findTerms(foldText(text), searchTerms(query));
  return ranges && ranges.map((range) => text.slice(range.start, range.end));
}

describe('text search', () => {
  it('finds a Japanese word inside a sentence without spaces', () => {
    expect(highlighted('先月分の請求書を送付しましたのでご確認ください', '請求書')).toEqual(['請求書']);
  });

  it('folds half-width katakana, katakana and hiragana together and highlights the original characters', () => {
    expect(highlighted('ﾃﾞｰﾀﾍﾞｰｽの移行', 'データベース')).toEqual(['ﾃﾞｰﾀﾍﾞｰｽ']);
    expect(highlighted('データベースの移行', 'でーたべーす')).toEqual(['データベース']);
    expect(highlighted('ガイド', 'か\u3099いと\u3099')).toEqual(['ガイド']);
  });

  it('folds full-width letters, digits and case', () => {
    expect(highlighted('ＭＴＧは１５時から', 'mtg 15')).toEqual(['ＭＴＧ', '１５']);
    expect(highlighted('Quarterly REPORT', 'report')).toEqual(['REPORT']);
  });

  it('finds mixed English and Japanese, every word required', () => {
    expect(highlighted('Q3の請求書をSlackで共有します', 'slack 請求書')).toEqual(['請求書', 'Slack']);
    expect(highlighted('Q3の請求書', 'slack 請求書')).toBeNull();
    expect(highlighted('2026Q3請求書', 'q3請求書')).toEqual(['Q3請求書']);
  });

  it('matches a Latin word from its start only', () => {
    expect(highlighted('billing run', 'bill')).toEqual(['bill']);
    expect(highlighted('the invoice', 'voice')).toBeNull();
    expect(containsAllTerms(foldText('#release-notes').text, ['notes'])).toBe(true);
  });

  it('keeps the ways back to the original across surrogate pairs and expansions', () => {
    expect(highlighted('🎉 ㍻の請求書', '請求書')).toEqual(['請求書']);
    expect(highlighted('①番', '1番')).toEqual(['①番']);
  });

  it('merges overlapping matches and has nothing to find without words', () => {
    expect(highlighted('請求書', '請求 求書')).toEqual(['請求書']);
    expect(searchTerms(' 　 ')).toEqual([]);
    expect(findTerms(foldText('anything'), [])).toEqual([]);
  });
});
