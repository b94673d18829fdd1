import { LRUCache } from 'lru-cache';
import { PLATFORM_MESSAGES_CACHE_SECONDS, platforms, type Platform } from '../../../contract/messages.ts';
import { SEARCH_RESULT_CAP, type SearchQuery, type SearchResponse } from '../../../contract/search.ts';
import { searchTerms } from '../../../contract/text-search.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { buildSearchIndex, queryFilter, searchIndex, toMatch, type SearchIndex } from './search-index.ts';

export type SearchServiceDeps = {
  messages: Pick<MessagesService, 'gatheredMessages'>;
};

/**
 * Folded messages held in this process, at most this many across all users (about 40 MB at 150 characters a
 * message); the least recently searched go first.
 */
const INDEXED_MESSAGES_MAX = 200_000;

type StoredIndex = { gatheredId: string; index: SearchIndex };

/**
 * Search over the gathered messages of both platforms (decision 155). The folded index of a platform's result lives
 * beside the message cache, in memory only, under the id of the gathering it was built from: a replaced result
 * (a new gathering, a live change) has a new id and is indexed again, and an index never outlives the cache time of
 * its result. Message content is never written anywhere else.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const indexes = new LRUCache<string, StoredIndex>({
    maxSize: INDEXED_MESSAGES_MAX,
    sizeCalculation: ({ index }) => Math.max(1, index.length),
    ttl: PLATFORM_MESSAGES_CACHE_SECONDS * 1000,
  });
  /** Concurrent searches of one result share one indexing. */
  const building = new Map<string, Promise<SearchIndex>>();

  async function indexOf(userId: string, platform: Platform): Promise<SearchIndex> {
    const gathered = await deps.messages.gatheredMessages(userId, platform);
    const key = `${userId}:${platform}`;
    const stored = indexes.get(key);
    if (stored?.gatheredId === gathered.id) return stored.index;
    const buildKey = `${key}:${gathered.id}`;
    const running = building.get(buildKey);
    if (running) return running;
    const build = (async () => {
      try {
        const index = buildSearchIndex(gathered.read().messages, stored?.index);
        indexes.set(key, { gatheredId: gathered.id, index });
        return index;
      } finally {
        building.delete(buildKey);
      }
    })();
    building.set(buildKey, build);
    return build;
  }

  return {
    /**
     * Builds the user's indexes ahead of their first words (the search box got focus), so the search itself is
     * quick; a result already indexed costs nothing again.
     */
    async prepare(userId: string): Promise<void> {
      await Promise.all(platforms.map((platform) => indexOf(userId, platform)));
    },

    async search(userId: string, query: SearchQuery): Promise<SearchResponse> {
      const terms = searchTerms(query.q);
      if (terms.length === 0) return { matches: [], truncated: false };
      const filter = queryFilter(query);
      const found = (
        await Promise.all(
          platforms.map(async (platform) => searchIndex(await indexOf(userId, platform), terms, filter)),
        )
      )
        .flat()
        .sort((a, b) => b.send_time - a.send_time || (a.id < b.id ? -1 : 1));
      return {
        matches: found.slice(0, SEARCH_RESULT_CAP).map((message) => toMatch(message, terms)),
        truncated: found.length > SEARCH_RESULT_CAP,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
