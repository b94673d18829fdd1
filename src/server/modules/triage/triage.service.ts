import type { MessageRef } from '../../../contract/tags.ts';
import {
  checkSnoozeUntil,
  DONE_MARKS_PER_USER_MAX,
  SNOOZE_CLOCK_SKEW_SECONDS,
  SNOOZE_MAX_DAYS,
  SNOOZES_PER_USER_MAX,
  TRIAGE_CACHE_SECONDS,
  triageErrorCodes,
  type DoneItem,
  type DoneMark,
  type Snooze,
  type TriageKind,
  type TriageRestoreItem,
  WOKEN_SNOOZE_KEEP_DAYS,
} from '../../../contract/triage.ts';
import type { Cache } from '../../lib/cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { scopedOwner, sweepEndedSignIns, type ScopedOwner } from '../../lib/sign-in-scope.ts';
import type { Subject } from '../../plugins/authentication.ts';
import type { DoneRow, SnoozeRow, TriageRepo } from './triage.repo.ts';

export type TriageServiceDeps = {
  repo: TriageRepo;
  isDemo: (userId: string) => Promise<boolean>;
  /** Whether a demo visitor's sign-in can still be used; the snoozes and done marks of ended ones are swept. */
  isSignInLive: (userId: string, sessionFamilyId: string) => Promise<boolean>;
  /** Snoozes, and done marks, one demo sign-in may keep: as many as its sample inbox shows (decision 142). */
  demoMax: number;
  cache: Cache;
  /** Milliseconds since the epoch; snooze times are checked against it and done marks take their time from it. */
  clock: () => number;
  /** Told after every change, so the owner's other devices can refetch (the `triage_changed` live event). */
  onChanged: (owner: ScopedOwner, kinds: TriageKind[]) => Promise<void>;
};

/** Bump when a cached shape changes, so a shared cache never hands an old shape to new code. */
const CACHE_VERSION = 'v1';

function cachePrefix(owner: ScopedOwner): string {
  return `triage:${CACHE_VERSION}:${owner.userId}:${owner.scope}:`;
}

/** Each message once; of a message given twice, the last copy counts. */
function distinct<T extends MessageRef>(refs: readonly T[]): T[] {
  return [...new Map(refs.map((ref) => [`${ref.platform}:${ref.platform_message_id}`, ref])).values()];
}

const toSnooze = (row: SnoozeRow): Snooze => ({
  id: row.id,
  platform: row.platform,
  platform_message_id: row.platformMessageId,
  until: row.until.toISOString(),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toDoneMark = (row: DoneRow): DoneMark => ({
  id: row.id,
  platform: row.platform,
  platform_message_id: row.platformMessageId,
  thread_keys: row.threadKeys,
  done_at: row.doneAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

const limitMessages: Record<TriageKind, (max: number) => string> = {
  snoozes: (max) => `You can snooze at most ${max} messages. Unsnooze some to snooze more.`,
  done: (max) => `You can mark at most ${max} messages done. Undo some to mark more.`,
};
const limitCodes: Record<TriageKind, string> = {
  snoozes: triageErrorCodes.snoozeLimit,
  done: triageErrorCodes.doneLimit,
};
const notFoundMessages: Record<TriageKind, string> = {
  snoozes: 'Snooze not found',
  done: 'Done mark not found',
};

function snoozeTimeError(check: 'past' | 'too_far'): HttpError {
  return check === 'past'
    ? new HttpError(
        400,
        'The snooze time has already passed. Choose a time in the future.',
        triageErrorCodes.snoozeInPast,
      )
    : new HttpError(
        400,
        `A snooze can last at most ${SNOOZE_MAX_DAYS} days. Choose an earlier time.`,
        triageErrorCodes.snoozeTooFar,
      );
}

/**
 * Snooze and done-until-the-thread-moves (issue 23). Both lists are cached per owner and dropped on every change,
 * so the cache only ever saves reads. Writing one of them for a message deletes the other: the later action decides.
 */
export function createTriageService(deps: TriageServiceDeps) {
  const { repo, cache } = deps;
  const ownerOf = (subject: Subject) => scopedOwner(subject, deps.isDemo);
  const maxOf = (kind: TriageKind, owner: ScopedOwner) =>
    owner.scope !== '' ? deps.demoMax : kind === 'snoozes' ? SNOOZES_PER_USER_MAX : DONE_MARKS_PER_USER_MAX;

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = await cache.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await load();
    await cache.set(key, value, TRIAGE_CACHE_SECONDS);
    return value;
  }

  async function changed(owner: ScopedOwner, kinds: TriageKind[]): Promise<void> {
    await cache.deleteByPrefix(cachePrefix(owner));
    await deps.onChanged(owner, kinds);
  }

  function overLimit(kind: TriageKind, owner: ScopedOwner): HttpError {
    return new HttpError(403, limitMessages[kind](maxOf(kind, owner)), limitCodes[kind]);
  }

  /** A snooze ends in the future (give or take a few seconds of clock skew), at most 366 days on. */
  function checkUntil(until: string): Date {
    const check = checkSnoozeUntil(until, deps.clock());
    if (check !== 'ok') throw snoozeTimeError(check);
    return new Date(until);
  }

  return {
    async snoozes(subject: Subject): Promise<Snooze[]> {
      const owner = await ownerOf(subject);
      return cached(`${cachePrefix(owner)}snoozes`, async () =>
        (await repo.listSnoozes(owner)).map(toSnooze),
      );
    },

    async doneMarks(subject: Subject): Promise<DoneMark[]> {
      const owner = await ownerOf(subject);
      return cached(`${cachePrefix(owner)}done`, async () => (await repo.listDone(owner)).map(toDoneMark));
    },

    /** All or nothing; a message given twice counts once. Answers the rows as now stored. */
    async snooze(subject: Subject, refs: readonly MessageRef[], until: string): Promise<Snooze[]> {
      const at = checkUntil(until);
      const owner = await ownerOf(subject);
      const rows = await repo.snooze(
        owner,
        distinct(refs),
        at,
        new Date(deps.clock()),
        maxOf('snoozes', owner),
      );
      if ('over' in rows) throw overLimit(rows.over, owner);
      await changed(owner, ['snoozes', 'done']);
      return rows.map(toSnooze);
    },

    /** All or nothing; of a message given twice, the last copy's thread keys count. */
    async markDone(subject: Subject, items: readonly DoneItem[]): Promise<DoneMark[]> {
      const owner = await ownerOf(subject);
      const rows = await repo.markDone(owner, distinct(items), new Date(deps.clock()), maxOf('done', owner));
      if ('over' in rows) throw overLimit(rows.over, owner);
      await changed(owner, ['done', 'snoozes']);
      return rows.map(toDoneMark);
    },

    /**
     * The undo of a snooze, a done or an unsnooze: each message gets back exactly what it had (a woken snooze
     * included), all or nothing. Times other than a snooze's end lie in the past; its end at most 366 days ahead.
     */
    async restore(subject: Subject, items: readonly TriageRestoreItem[]): Promise<number> {
      const nowMs = deps.clock();
      for (const { snooze, done } of items) {
        if (snooze && checkSnoozeUntil(snooze.until, nowMs) === 'too_far') throw snoozeTimeError('too_far');
        const stamps = snooze
          ? [snooze.created_at, snooze.updated_at]
          : done
            ? [done.done_at, done.created_at]
            : [];
        if (stamps.some((stamp) => Date.parse(stamp) > nowMs + SNOOZE_CLOCK_SKEW_SECONDS * 1000)) {
          throw new HttpError(
            400,
            'A done or snooze time to restore lies in the future.',
            triageErrorCodes.timeInFuture,
          );
        }
      }
      const owner = await ownerOf(subject);
      const restored = await repo.restore(owner, distinct(items), new Date(nowMs), {
        snoozes: maxOf('snoozes', owner),
        done: maxOf('done', owner),
      });
      if (typeof restored !== 'number') throw overLimit(restored.over, owner);
      await changed(owner, ['snoozes', 'done']);
      return restored;
    },

    /** Unsnooze, or undo done, for these messages; answers how many had one. */
    async remove(subject: Subject, kind: TriageKind, refs: readonly MessageRef[]): Promise<number> {
      const owner = await ownerOf(subject);
      const removed = await repo.removeMessages(kind, owner, distinct(refs));
      if (removed > 0) await changed(owner, [kind]);
      return removed;
    },

    /** 404 for an id that is not one of the caller's. */
    async removeById(subject: Subject, kind: TriageKind, id: string): Promise<void> {
      const owner = await ownerOf(subject);
      if (!(await repo.removeById(kind, owner, id))) {
        throw new HttpError(404, notFoundMessages[kind], triageErrorCodes.notFound);
      }
      await changed(owner, [kind]);
    },

    /**
     * The message is gone at its source (deleted on the platform): its snoozes and done marks go too, whoever made
     * them. Answers how many owners had one.
     */
    async forgetMessage(ref: MessageRef): Promise<number> {
      const owners = await repo.removeEverywhere(ref);
      for (const owner of owners) await changed(owner, ['snoozes', 'done']);
      return owners.length;
    },

    /**
     * Deletes the snoozes that woke more than `WOKEN_SNOOZE_KEEP_DAYS` ago (decision 153), whoever made them; answers
     * how many owners had one.
     */
    async sweepWokenSnoozes(): Promise<number> {
      const owners = await repo.removeWokenBefore(
        new Date(deps.clock() - WOKEN_SNOOZE_KEEP_DAYS * 24 * 60 * 60 * 1000),
      );
      for (const owner of owners) await changed(owner, ['snoozes']);
      return owners.length;
    },

    /** Deletes the snoozes and done marks of demo sign-ins that have ended (decision 030); answers how many. */
    async sweepEndedDemoSignIns(): Promise<number> {
      let removed = 0;
      for (const kind of ['snoozes', 'done'] as const) {
        removed += await sweepEndedSignIns({
          listScopedOwners: (after, limit) => repo.listScopedOwners(kind, after, limit),
          isSignInLive: deps.isSignInLive,
          removeAll: async (owner) => {
            const count = await repo.removeAll(kind, owner);
            await cache.deleteByPrefix(cachePrefix(owner));
            return count;
          },
        });
      }
      return removed;
    },
  };
}

export type TriageService = ReturnType<typeof createTriageService>;
