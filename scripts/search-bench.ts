import { performance } from 'node:perf_hooks';
import { platforms } from '../src/contract/messages.ts';
import type { SearchQuery } from '../src/contract/search.ts';
import { searchTerms } from '../src/contract/text-search.ts';
import { createMemoryCache } from '../src/server/lib/cache.ts';
import { createMessagesService } from '../src/server/modules/messages/messages.service.ts';
import { createSampleMessageSource } from '../src/server/modules/messages/sample-message-source.ts';
import { buildSearchIndex, queryFilter, searchIndex } from '../src/server/modules/search/search-index.ts';
import { createSearchService } from '../src/server/modules/search/search.service.ts';
import { formatStats, stats } from './server-bench.ts';

/**
 * The search rows of `npm run bench` (issue 24, decision 155): the server time of `GET /api/search`'s work for one
 * user holding 2,000 and 20,000 gathered messages (Japanese sample data, half of each platform), through the real
 * messages service and its memory cache, beside a plain scan of the same messages that folds every message on
 * every search. The queries are interleaved, so a busy moment of the shared machine slows both alike; each row is
 * the median of SEARCH_BENCH_RUNS searches (default 31) and their min–max. Goal: under 20 ms at 20,000.
 */

const TARGET_MS = 20;
const runs = Number(process.env.SEARCH_BENCH_RUNS ?? 31);
/** A word inside sentences, two words, a rare word and a Latin word, as a person types them. */
const QUERIES = ['請求書', '確認 お願い', 'ﾐｰﾃｨﾝｸﾞ', 'slack'];

async function measure(total: number, print: (line?: string) => void): Promise<void> {
  const clock = Date.now;
  const messages = createMessagesService({
    dataModeFor: async () => ({ kind: 'sample', language: 'jp' }),
    sources: {
      sample: (language) => createSampleMessageSource({ language, perPlatform: total / 2, clock }),
      live: { listConnections: async () => [], fetchMessages: async () => [] },
    },
    cache: createMemoryCache({ maxBytes: 1024 * 1024 * 1024 }),
    tagsByMessage: async () => new Map(),
    rulesFor: async () => null,
    clock,
    onGathered: async () => {},
  });
  const search = createSearchService({ messages });
  const userId = 'bench-user';
  const gathered = await Promise.all(
    platforms.map(async (platform) => (await messages.gatheredMessages(userId, platform)).read().messages),
  );
  const firstStart = performance.now();
  await search.search(userId, { q: QUERIES[0]! });
  const firstMs = performance.now() - firstStart;

  const indexed: number[] = [];
  const scanned: number[] = [];
  let found = 0;
  for (let run = 0; run < runs; run += 1) {
    const query: SearchQuery = { q: QUERIES[run % QUERIES.length]! };
    let start = performance.now();
    found += (await search.search(userId, query)).matches.length;
    indexed.push(performance.now() - start);
    start = performance.now();
    const terms = searchTerms(query.q);
    for (const platformMessages of gathered)
      searchIndex(buildSearchIndex(platformMessages), terms, queryFilter(query));
    scanned.push(performance.now() - start);
  }
  const median = stats(indexed).median;
  print(
    `search over ${total.toLocaleString('en')} gathered messages: ${formatStats(stats(indexed), 2, ' ms')} ` +
      `beside a plain scan folding every message ${formatStats(stats(scanned), 1, ' ms')}; ` +
      `first search (builds the index) ${firstMs.toFixed(0)} ms; ${(found / runs).toFixed(0)} matches a search; ` +
      `target < ${TARGET_MS} ms ${median < TARGET_MS ? 'OK' : 'MISSED'}`,
  );
}

export async function searchBench(print: (line?: string) => void): Promise<void> {
  for (const total of [2_000, 20_000]) await measure(total, print);
}

if (import.meta.url === `file://${process.argv[1]}`)
  await searchBench((line = '') => process.stdout.write(`${line}\n`));
