import {
  HIDDEN_IDS_CACHE_SECONDS,
  HIDDEN_MESSAGES_PER_USER_MAX,
  hiddenErrorCodes,
  HIDDEN_STATS_CACHE_SECONDS,
  type HiddenIds,
  type HiddenMessage,
  type HiddenStats,
} from '../../../contract/hidden-messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import type { Cache } from '../../lib/cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { scopedOwner, sweepEndedSignIns } from '../../lib/sign-in-scope.ts';
import type { Subject } from '../../plugins/authentication.ts';
import type { HiddenMessagesRepo, HideOwner } from './hidden-messages.repo.ts';

export type HiddenMessagesServiceDeps = {
  repo: HiddenMessagesRepo;
  isDemo: (userId: string) => Promise<boolean>;
  /** Whether a demo visitor's sign-in can still be used; the hides of ended ones are swept. */
  isSignInLive: (userId: string, sessionFamilyId: string) => Promise<boolean>;
  /**
   * Hides one demo sign-in may keep: as many as its sample inbox shows. A demo sign-in costs nothing to make, so it
   * gets no room beyond what a visitor can see (decision 142); a user keeps `HIDDEN_MESSAGES_PER_USER_MAX`.
   */
  demoHidesMax: number;
  cache: Cache;
};

/** Bump when a cached shape changes, so a shared cache never hands an old shape to new code. */
const CACHE_VERSION = 'v1';

function cachePrefix(owner: HideOwner): string {
  return `hidden:${CACHE_VERSION}:${owner.userId}:${owner.scope}:`;
}

function distinct(refs: readonly MessageRef[]): MessageRef[] {
  const byKey = new Map(refs.map((ref) => [`${ref.platform}:${ref.platform_message_id}`, ref]));
  return [...byKey.values()];
}

/**
 * Check and hide. Hidden ids and counts are cached (SPEC §9: 300 s and 600 s) and dropped on every change, so the
 * cache only ever saves reads.
 */
export function createHiddenMessagesService(deps: HiddenMessagesServiceDeps) {
  const { repo, cache } = deps;

  const ownerOf = (subject: Subject): Promise<HideOwner> => scopedOwner(subject, deps.isDemo);

  const hidesMaxOf = (owner: HideOwner) =>
    owner.scope === '' ? HIDDEN_MESSAGES_PER_USER_MAX : deps.demoHidesMax;

  async function cached<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    const hit = await cache.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await load();
    await cache.set(key, value, ttlSeconds);
    return value;
  }

  async function changed(owner: HideOwner): Promise<void> {
    await cache.deleteByPrefix(cachePrefix(owner));
  }

  return {
    async hide(subject: Subject, refs: readonly MessageRef[]): Promise<number> {
      const owner = await ownerOf(subject);
      const unique = distinct(refs);
      const max = hidesMaxOf(owner);
      if ((await repo.hide(owner, unique, max)) === 'limit') {
        throw new HttpError(
          403,
          `You can hide at most ${max} messages. Show some hidden messages again to hide more.`,
          hiddenErrorCodes.limit,
        );
      }
      await changed(owner);
      return unique.length;
    },

    async unhide(subject: Subject, ref: MessageRef): Promise<void> {
      const owner = await ownerOf(subject);
      await repo.unhide(owner, ref);
      await changed(owner);
    },

    async unhideAll(subject: Subject): Promise<number> {
      const owner = await ownerOf(subject);
      const unhidden = await repo.unhideAll(owner);
      await changed(owner);
      return unhidden;
    },

    /**
     * Deletes the hides of demo sign-ins that have ended (decision 030): nobody can see them any more. Answers
     * how many were deleted.
     */
    async sweepEndedDemoSignIns(): Promise<number> {
      return sweepEndedSignIns({
        listScopedOwners: repo.listScopedOwners,
        isSignInLive: deps.isSignInLive,
        removeAll: async (owner) => {
          const removed = await repo.unhideAll(owner);
          await changed(owner);
          return removed;
        },
      });
    },

    async hiddenIds(subject: Subject): Promise<HiddenIds> {
      const owner = await ownerOf(subject);
      return cached(`${cachePrefix(owner)}ids`, HIDDEN_IDS_CACHE_SECONDS, async () => {
        const ids: HiddenIds = { chatwork: [], slack: [] };
        for (const row of await repo.list(owner)) ids[row.platform].push(row.platformMessageId);
        return ids;
      });
    },

    async hiddenMessages(subject: Subject): Promise<HiddenMessage[]> {
      const owner = await ownerOf(subject);
      return (await repo.list(owner)).map((row) => ({
        platform: row.platform,
        platform_message_id: row.platformMessageId,
        hidden_at: row.hiddenAt.toISOString(),
      }));
    },

    async stats(subject: Subject): Promise<HiddenStats> {
      const owner = await ownerOf(subject);
      return cached(`${cachePrefix(owner)}stats`, HIDDEN_STATS_CACHE_SECONDS, async () => {
        const stats: HiddenStats = { total: 0, chatwork: 0, slack: 0 };
        for (const { platform, total } of await repo.countByPlatform(owner)) {
          stats[platform] = total;
          stats.total += total;
        }
        return stats;
      });
    },
  };
}

export type HiddenMessagesService = ReturnType<typeof createHiddenMessagesService>;
