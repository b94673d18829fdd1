import { randomUUID } from 'node:crypto';
import type { Platform } from '../../../contract/messages.ts';
import type { Cache } from '../../lib/cache.ts';
import type { LiveChanges } from './live-merge.ts';

/**
 * A message result already checked against its contract schema and encoded as JSON, as the shared cache keeps it,
 * with an id of this gathering so that answers encoded from it can tell when it was replaced.
 */
export type GatheredResult = { json: string; id: string };
/**
 * What a live change leaves where no gathered result was cached, or where the result is to be gathered again: a
 * new stamp, so that a gathering begun before the change cannot store its result there blind to it, and the
 * changes themselves, so that such a gathering lays them over its result before storing it. Readers take it for a
 * miss.
 */
type Superseded = { superseded: true; id: string; pending: LiveChanges<Platform>[] };
export type CachedResult = GatheredResult | Superseded;

export const isGathered = (entry: CachedResult | undefined): entry is GatheredResult =>
  entry !== undefined && !('superseded' in entry);

/** Changes kept for a gathering under way; beyond them the oldest go (the entry lives a minute or five anyway). */
const PENDING_CHANGES_KEPT = 200;
/** Tries at storing an entry that other writers keep replacing. */
export const STAMPED_WRITE_ATTEMPTS = 5;

export type GatherOptions = { refresh: boolean };

/**
 * The shared cache's gathered results: one gathering per key at a time in this process, and no gathering stores a
 * result that misses a live change which came while it ran.
 */
export function createGatheredCache(cache: Cache) {
  /** Concurrent misses for one key share a single gathering instead of each asking the platforms. */
  const inFlight = new Map<string, Promise<GatheredResult>>();

  return {
    read: (key: string) => cache.get<CachedResult>(key),

    /** Stores `next` in place of the entry stamped `expected`; false when another writer came first. */
    replace: (key: string, next: GatheredResult, ttlSeconds: number, expected: string) =>
      cache.setStamped(key, next, ttlSeconds, { stamp: next.id, expected }),

    /**
     * The cached gathered result under `key`, or a new one gathered into it. When live changes came while it was
     * gathered, `layOver` puts them into the new result (the gathering may have asked the platform before they
     * happened) and that is what is stored and answered.
     */
    async cached(
      key: string,
      ttlSeconds: number,
      options: GatherOptions,
      gather: () => Promise<GatheredResult>,
      layOver: (result: GatheredResult, changes: readonly LiveChanges<Platform>[]) => GatheredResult,
    ): Promise<GatheredResult> {
      const entry = await cache.get<CachedResult>(key);
      if (!options.refresh && isGathered(entry)) return entry;
      const running = inFlight.get(key);
      if (running && !options.refresh) return running;
      const gathering = (async () => {
        const gathered = await gather();
        // Each try lays every change kept so far over what was gathered: laying one twice changes nothing.
        let value = entry && !isGathered(entry) ? layOver(gathered, entry.pending) : gathered;
        let expected = entry?.id ?? null;
        for (let attempt = 0; attempt < STAMPED_WRITE_ATTEMPTS; attempt += 1) {
          if (await cache.setStamped(key, value, ttlSeconds, { stamp: value.id, expected })) return value;
          const now = await cache.get<CachedResult>(key);
          // Another gathering stored its result first, or the entry is gone: this one is answered, not stored.
          if (!now || isGathered(now)) return value;
          value = layOver(gathered, now.pending);
          expected = now.id;
        }
        return value;
      })();
      inFlight.set(key, gathering);
      try {
        return await gathering;
      } finally {
        if (inFlight.get(key) === gathering) inFlight.delete(key);
      }
    },

    /**
     * Marks the entry changed, so that no gathering begun before now stores its result without `changes`: they are
     * kept with the mark, after those of earlier marks the same gathering has not taken in yet.
     */
    async supersede(key: string, ttlSeconds: number, changes: LiveChanges<Platform>): Promise<void> {
      for (let attempt = 0; attempt < STAMPED_WRITE_ATTEMPTS; attempt += 1) {
        const entry = await cache.get<CachedResult>(key);
        const earlier = entry && !isGathered(entry) ? entry.pending : [];
        const id = randomUUID();
        const pending = [...earlier, changes].slice(-PENDING_CHANGES_KEPT);
        const mark: Superseded = { superseded: true, id, pending };
        if (await cache.setStamped(key, mark, ttlSeconds, { stamp: id, expected: entry?.id ?? null })) return;
      }
      // Writers keep racing: the mark still goes in, so no blind gathering is stored, with this change alone.
      const id = randomUUID();
      await cache.setStamped(
        key,
        { superseded: true, id, pending: [changes] } satisfies Superseded,
        ttlSeconds,
        {
          stamp: id,
        },
      );
    },
  };
}
