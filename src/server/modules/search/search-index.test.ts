import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../contract/text-search.ts';
import { generateSample } from '../messages/sample-data/generate-sample-data.ts';
import { buildSearchIndex, queryFilter, searchIndex } from './search-index.ts';

const messages = generateSample('slack', {
  language: 'jp',
  ownerId: 'owner',
  now: 1_800_000_000,
  perPlatform: 20,
})
  .flatMap((account) => account.messages)
  .slice(0, 3);

describe('buildSearchIndex', () => {
  it('keeps the folding of unchanged messages of the result it replaces and folds edited and new ones', () => {
    const [first, second, third] = messages;
    const previous = buildSearchIndex([first!, second!]);
    const edited = { ...second!, content: 'ﾐｰﾃｨﾝｸﾞは延期です' };
    const next = buildSearchIndex([first!, edited, third!], previous);
    expect(next[0]!.folded).toBe(previous[0]!.folded);
    expect(next[1]!.folded).not.toBe(previous[1]!.folded);
    expect(searchIndex(next, searchTerms('ミーティング'), queryFilter({})).map((entry) => entry.id)).toEqual([
      next[1]!.id,
    ]);
    expect(next[2]!.folded.text.length).toBeGreaterThan(0);
  });
});
