import { and, asc, count, desc, eq, inArray, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Platform } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import type { DoneItem, TriageKind } from '../../../contract/triage.ts';
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

/** Every write of one owner's snoozes or done marks takes this one lock, so the two tables change in turn. */
const LOCK_KIND = 'triage';

/**
 * Snoozes and done marks. A message has at most one of the two per owner: writing one deletes the other in the same
 * transaction, so the later action decides.
 */
export function createTriageRepo(db: Database) {
  /**
   * Runs `write` under the owner's lock; when the owner then holds more than `max` rows of `kind`, rolls it all
   * back and answers `limit`.
   */
  async function capped<T>(
    owner: ScopedOwner,
    kind: TriageKind,
    max: number,
    write: (tx: Database) => Promise<T>,
  ): Promise<T | 'limit'> {
    return db
      .transaction(async (tx) => {
        await lockUserRows(tx, LOCK_KIND, `${owner.userId}:${owner.scope}`);
        const written = await write(tx);
        const table = tables[kind];
        const [kept] = await tx.select({ total: count() }).from(table).where(owned(table, owner));
        if ((kept?.total ?? 0) <= max) return written;
        tx.rollback();
        return 'limit' as const;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return 'limit' as const;
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
    ): Promise<SnoozeRow[] | 'limit'> {
      return capped(owner, 'snoozes', max, async (tx) => {
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
    ): Promise<DoneRow[] | 'limit'> {
      return capped(owner, 'done', max, async (tx) => {
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
      const owners = new Map<string, ScopedOwner>();
      for (const table of Object.values(tables)) {
        const deleted = await db
          .delete(table)
          .where(ofMessages(table, [ref]))
          .returning({ userId: table.userId, scope: table.sessionScope });
        for (const owner of deleted) owners.set(`${owner.userId}:${owner.scope}`, owner);
      }
      return [...owners.values()];
    },

    listScopedOwners: (kind: TriageKind, after: ScopedOwner | null, limit: number) =>
      listScopedOwners(db, tables[kind], after, limit),
  };
}

export type TriageRepo = ReturnType<typeof createTriageRepo>;
