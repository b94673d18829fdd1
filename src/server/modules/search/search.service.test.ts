import { describe, expect, it } from 'vitest';
import type { MessageResultByPlatform, Platform } from '../../../contract/messages.ts';
import { generateSample } from '../messages/sample-data/generate-sample-data.ts';
import { createSearchService } from './search.service.ts';

const sample = (platform: Platform) =>
  ({
    messages: generateSample(platform, {
      language: 'jp',
      ownerId: 'owner',
      now: 1_800_000_000,
      perPlatform: 30,
    }).flatMap((account) => account.messages),
  }) as unknown as MessageResultByPlatform[Platform];

describe('the search index beside the message cache', () => {
  it('is built once per gathered result and again when the result is replaced', async () => {
    const results = { chatwork: sample('chatwork'), slack: sample('slack') };
    let gathering = 'first';
    const reads: string[] = [];
    const search = createSearchService({
      messages: {
        gatheredMessages: async (_userId, platform) => ({
          id: `${gathering}-${platform}`,
          read: () => {
            reads.push(`${gathering}-${platform}`);
            return results[platform] as never;
          },
        }),
      },
    });
    const first = await search.search('user', { q: '請求書' });
    expect(first.matches.length).toBeGreaterThan(0);
    await search.search('user', { q: 'お願い' });
    expect(reads.sort()).toEqual(['first-chatwork', 'first-slack']);

    gathering = 'second';
    results.slack = { messages: [] } as unknown as MessageResultByPlatform['slack'];
    const after = await search.search('user', { q: '請求書' });
    expect(reads.sort()).toEqual(['first-chatwork', 'first-slack', 'second-chatwork', 'second-slack']);
    expect(after.matches.every((match) => match.id.startsWith('chatwork-'))).toBe(true);
  });

  it('is ready before the first words when prepared, and prepared once per result', async () => {
    const reads: string[] = [];
    const search = createSearchService({
      messages: {
        gatheredMessages: async (_userId, platform) => ({
          id: `only-${platform}`,
          read: () => {
            reads.push(platform);
            return sample(platform) as never;
          },
        }),
      },
    });
    await search.prepare('user');
    await search.prepare('user');
    expect(reads.sort()).toEqual(['chatwork', 'slack']);
    expect((await search.search('user', { q: '請求書' })).matches.length).toBeGreaterThan(0);
    expect(reads).toHaveLength(2);
  });
});
