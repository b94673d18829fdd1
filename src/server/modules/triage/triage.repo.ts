import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Platform } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import {
  triageKinds,
  type DoneItem,
  type TriageKind,
  type TriageRestoreItem,
} from '../../../contract/triage.ts';
import type { Database } from '../../db/client.ts';
import { doneMarks, snoozes } from '../../db/schema/triage.ts';
import { listScopedOwners, scopedMessageRow } from '../../db/scoped-owners.ts';
import { lockUserRows } from '../../db/user-lock.ts';
import type { ScopedOwner } from '../../lib/sign-in-scope.ts';

export type SnoozeRow = {
  id: string;
  platform: Platform;
  platformMessageId: string;
  until: Date;
  createdAt: Date;
  updatedAt: Date;
};
export type DoneRow = {
  id: string;
  platform: Platform;
  platformMessageId: string;
  threadKeys: string[];
  doneAt: Date;
  createdAt: Date;
};

const tables = { snoozes, done: doneMarks } as const;
type Table = (typeof tables)[TriageKind];

const snoozeColumns = {
  id: snoozes.id,
  platform: snoozes.platform,
  platformMessageId: snoozes.platformMessageId,
  until: snoozes.until,
  createdAt: snoozes.createdAt,
  updatedAt: snoozes.updatedAt,
};
const doneColumns = {
  id: doneMarks.id,
  platform: doneMarks.platform,
  platformMessageId: doneMarks.platformMessageId,
  threadKeys: doneMarks.threadKeys,
  doneAt: doneMarks.doneAt,
  createdAt: doneMarks.createdAt,
};

const owned = (table: Table, owner: ScopedOwner) =>
  and(eq(table.userId, owner.userId), eq(table.sessionScope, owner.scope));

/** The rows of these messages: one `IN` list per platform. */
function ofMessages(table: Table, refs: readonly MessageRef[]) {
  const byPlatform = Map.groupBy(refs, (ref) => ref.platform);
  return or(
    ...[...byPlatform].map(([platform, list]) =>
      and(
        eq(table.platform, platform),
        inArray(
          table.platformMessageId,
          list.map((ref) => ref.platform_message_id),
        ),
      ),
    ),
  );
}

/** Which cap a write met; it was rolled back whole. */
export type OverLimit = { over: TriageKind };

function distinctOwners(owners: readonly ScopedOwner[]): ScopedOwner[] {
  return [...new Map(owners.map((owner) => [`${owner.userId}:${owner.scope}`, owner])).values()];
}

/** Every write of one owner's snoozes or done marks takes this one lock, so the two tables change in turn. */
const LOCK_KIND = 'triage';

/**
 * Snoozes and done marks. A message has at most one of the two per owner: writing one deletes the other in the same
 * transaction, so the later action decides.
 */
export function createTriageRepo(db: Database) {
  /** The owner's rows of `kind` that count towards its cap: done marks, and the snoozes still waiting at `now`. */
  async function counted(tx: Database, kind: TriageKind, owner: ScopedOwner, now: Date): Promise<number> {
    const table = tables[kind];
    const waiting = kind === 'snoozes' ? gt(snoozes.until, now) : undefined;
    const [kept] = await tx
      .select({ total: count() })
      .from(table)
      .where(and(owned(table, owner), waiting));
    return kept?.total ?? 0;
  }

  /**
   * Runs `write` under the owner's lock; when the owner then holds more rows of a kind than `limits` allows, rolls
   * it all back and answers which cap it met.
   */
  async function capped<T>(
    owner: ScopedOwner,
    limits: Partial<Record<TriageKind, number>>,
    now: Date,
    write: (tx: Database) => Promise<T>,
  ): Promise<T | OverLimit> {
    let over: OverLimit | undefined;
    return db
      .transaction(async (tx) => {
        await lockUserRows(tx, LOCK_KIND, `${owner.userId}:${owner.scope}`);
        const written = await write(tx);
        for (const kind of triageKinds) {
          const max = limits[kind];
          if (max !== undefined && (await counted(tx, kind, owner, now)) > max) {
            over = { over: kind };
            tx.rollback();
          }
        }
        return written;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError && over) return over;
        throw error;
      });
  }

  return {
    /** Snoozes every message until `until` (a snoozed one gets the new time), or none over the cap. */
    async snooze(
      owner: ScopedOwner,
      refs: readonly MessageRef[],
      until: Date,
      now: Date,
      max: number,
    ): Promise<SnoozeRow[] | OverLimit> {
      return capped(owner, { snoozes: max }, now, async (tx) => {
        const rows = await tx
          .insert(snoozes)
          .values(
            refs.map((ref) => ({
              ...scopedMessageRow(owner, ref),
              until,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [snoozes.userId, snoozes.sessionScope, snoozes.platform, snoozes.platformMessageId],
            set: { until, updatedAt: now },
          })
          .returning(snoozeColumns);
        await tx.delete(doneMarks).where(and(owned(doneMarks, owner), ofMessages(doneMarks, refs)));
        return rows;
      });
    },

    /** Marks every message done now with its thread keys (a done one gets the new time and keys), or none. */
    async markDone(
      owner: ScopedOwner,
      items: readonly DoneItem[],
      now: Date,
      max: number,
    ): Promise<DoneRow[] | OverLimit> {
      return capped(owner, { done: max }, now, async (tx) => {
        const rows = await tx
          .insert(doneMarks)
          .values(
            items.map((item) => ({
              ...scopedMessageRow(owner, item),
              threadKeys: item.thread_keys,
              doneAt: now,
              createdAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [
              doneMarks.userId,
              doneMarks.sessionScope,
              doneMarks.platform,
              doneMarks.platformMessageId,
            ],
            set: { threadKeys: sql`excluded.thread_keys`, doneAt: now },
          })
          .returning(doneColumns);
        await tx.delete(snoozes).where(and(owned(snoozes, owner), ofMessages(snoozes, items)));
        return rows;
      });
    },

    /**
     * Puts each message back as it was before an undone change, all or nothing: whatever snooze or done mark it has
     * now goes, and the one it had (if any) is written back with its own times and thread keys.
     */
    async restore(
      owner: ScopedOwner,
      items: readonly TriageRestoreItem[],
      now: Date,
      limits: Record<TriageKind, number>,
    ): Promise<number | OverLimit> {
      return capped(owner, limits, now, async (tx) => {
        for (const table of Object.values(tables)) {
          await tx.delete(table).where(and(owned(table, owner), ofMessages(table, items)));
        }
        const snoozed = items.flatMap(({ snooze, ...ref }) =>
          snooze
            ? [
                {
                  ...scopedMessageRow(owner, ref),
                  until: new Date(snooze.until),
                  createdAt: new Date(snooze.created_at),
                  updatedAt: new Date(snooze.updated_at),
                },
              ]
            : [],
        );
        if (snoozed.length > 0) await tx.insert(snoozes).values(snoozed);
        const done = items.flatMap(({ done: mark, ...ref }) =>
          mark
            ? [
                {
                  ...scopedMessageRow(owner, ref),
                  threadKeys: mark.thread_keys,
                  doneAt: new Date(mark.done_at),
                  createdAt: new Date(mark.created_at),
                },
              ]
            : [],
        );
        if (done.length > 0) await tx.insert(doneMarks).values(done);
        return items.length;
      });
    },

    /** Deletes the snoozes that woke before `before`, whoever made them; answers their owners. */
    async removeWokenBefore(before: Date): Promise<ScopedOwner[]> {
      const deleted = await db
        .delete(snoozes)
        .where(lt(snoozes.until, before))
        .returning({ userId: snoozes.userId, scope: snoozes.sessionScope });
      return distinctOwners(deleted);
    },

    /** Soonest first. */
    async listSnoozes(owner: ScopedOwner): Promise<SnoozeRow[]> {
      return db
        .select(snoozeColumns)
        .from(snoozes)
        .where(owned(snoozes, owner))
        .orderBy(asc(snoozes.until), asc(snoozes.id));
    },

    /** Newest first. */
    async listDone(owner: ScopedOwner): Promise<DoneRow[]> {
      return db
        .select(doneColumns)
        .from(doneMarks)
        .where(owned(doneMarks, owner))
        .orderBy(desc(doneMarks.doneAt), desc(doneMarks.id));
    },

    /** Deletes the owner's rows of these messages; answers how many there were. */
    async removeMessages(kind: TriageKind, owner: ScopedOwner, refs: readonly MessageRef[]): Promise<number> {
      const table = tables[kind];
      const deleted = await db
        .delete(table)
        .where(and(owned(table, owner), ofMessages(table, refs)))
        .returning({ id: table.id });
      return deleted.length;
    },

    /** Deletes one row if it is the owner's; answers whether it was. */
    async removeById(kind: TriageKind, owner: ScopedOwner, id: string): Promise<boolean> {
      const table = tables[kind];
      const deleted = await db
        .delete(table)
        .where(and(owned(table, owner), eq(table.id, id)))
        .returning({ id: table.id });
      return deleted.length > 0;
    },

    async removeAll(kind: TriageKind, owner: ScopedOwner): Promise<number> {
      const table = tables[kind];
      const deleted = await db.delete(table).where(owned(table, owner)).returning({ id: table.id });
      return deleted.length;
    },

    /**
     * Deletes every snooze and done mark of the message, whoever made them (it is gone at the source); answers the
     * owners that had one.
     */
    async removeEverywhere(ref: MessageRef): Promise<ScopedOwner[]> {
      const deleted: ScopedOwner[] = [];
      for (const table of Object.values(tables)) {
        deleted.push(
          ...(await db
            .delete(table)
            .where(ofMessages(table, [ref]))
            .returning({ userId: table.userId, scope: table.sessionScope })),
        );
      }
      return distinctOwners(deleted);
    },

    listScopedOwners: (kind: TriageKind, after: ScopedOwner | null, limit: number) =>
      listScopedOwners(db, tables[kind], after, limit),
  };
}

export type TriageRepo = ReturnType<typeof createTriageRepo>;
