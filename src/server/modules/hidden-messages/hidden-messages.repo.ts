import { and, count, desc, eq, TransactionRollbackError } from 'drizzle-orm';
import type { Platform } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import type { Database } from '../../db/client.ts';
import { hiddenMessages } from '../../db/schema/hidden-messages.ts';
import { listScopedOwners, scopedMessageRow } from '../../db/scoped-owners.ts';
import { lockUserRows } from '../../db/user-lock.ts';
import type { ScopedOwner } from '../../lib/sign-in-scope.ts';

/** Whose hides: the user, narrowed to one session family on a shared demo account (empty scope otherwise). */
export type HideOwner = ScopedOwner;
export type HiddenRow = { platform: Platform; platformMessageId: string; hiddenAt: Date };

export function createHiddenMessagesRepo(db: Database) {
  const owned = (owner: HideOwner) =>
    and(eq(hiddenMessages.userId, owner.userId), eq(hiddenMessages.sessionScope, owner.scope));

  return {
    /**
     * Hides every message given (already hidden ones keep their original time), or none of them and answers
     * `limit` when that would leave the owner with more than `max` hidden messages.
     */
    async hide(owner: HideOwner, refs: readonly MessageRef[], max: number): Promise<'hidden' | 'limit'> {
      return db
        .transaction(async (tx) => {
          await lockUserRows(tx, 'hidden_messages', `${owner.userId}:${owner.scope}`);
          await tx
            .insert(hiddenMessages)
            .values(refs.map((ref) => scopedMessageRow(owner, ref)))
            .onConflictDoNothing();
          const [kept] = await tx.select({ total: count() }).from(hiddenMessages).where(owned(owner));
          if ((kept?.total ?? 0) <= max) return 'hidden';
          tx.rollback();
          return 'limit';
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return 'limit';
          throw error;
        });
    },

    async unhide(owner: HideOwner, ref: MessageRef): Promise<void> {
      await db
        .delete(hiddenMessages)
        .where(
          and(
            owned(owner),
            eq(hiddenMessages.platform, ref.platform),
            eq(hiddenMessages.platformMessageId, ref.platform_message_id),
          ),
        );
    },

    /** Returns how many were unhidden. */
    async unhideAll(owner: HideOwner): Promise<number> {
      const deleted = await db
        .delete(hiddenMessages)
        .where(owned(owner))
        .returning({ id: hiddenMessages.id });
      return deleted.length;
    },

    /** Owners narrowed to a sign-in (demo accounts) that have hides, in a stable order, after `after`. */
    listScopedOwners: (after: HideOwner | null, limit: number) =>
      listScopedOwners(db, hiddenMessages, after, limit),

    /** Newest first. */
    async list(owner: HideOwner): Promise<HiddenRow[]> {
      return db
        .select({
          platform: hiddenMessages.platform,
          platformMessageId: hiddenMessages.platformMessageId,
          hiddenAt: hiddenMessages.hiddenAt,
        })
        .from(hiddenMessages)
        .where(owned(owner))
        .orderBy(desc(hiddenMessages.hiddenAt), desc(hiddenMessages.id));
    },

    async countByPlatform(owner: HideOwner): Promise<{ platform: Platform; total: number }[]> {
      return db
        .select({ platform: hiddenMessages.platform, total: count() })
        .from(hiddenMessages)
        .where(owned(owner))
        .groupBy(hiddenMessages.platform);
    },
  };
}

export type HiddenMessagesRepo = ReturnType<typeof createHiddenMessagesRepo>;
