import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import {
  defaultViewFilters,
  defaultViewKinds,
  type SavedViewFilters,
} from '../../../contract/saved-views.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { savedViews } from '../../db/schema/saved-views.ts';
import { lockUserRows } from '../../db/user-lock.ts';

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewValues = { name: string; filters: SavedViewFilters };

const inOrder = [asc(savedViews.position), asc(savedViews.createdAt)];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createSavedViewsRepo(db: Database) {
  const ownView = (userId: string, viewId: string) =>
    and(eq(savedViews.userId, userId), eq(savedViews.id, viewId));

  /** The defaults, first in the order, the first time a user's views are read or written; nothing after that. */
  async function seedDefaults(tx: Transaction, userId: string): Promise<void> {
    await lockUserRows(tx, 'saved_views', userId);
    await tx
      .insert(savedViews)
      .values(
        defaultViewKinds.map((kind, position) => ({
          userId,
          defaultKind: kind,
          filters: defaultViewFilters[kind],
          position: position - defaultViewKinds.length,
        })),
      )
      .onConflictDoNothing();
  }

  return {
    async list(userId: string): Promise<SavedViewRow[]> {
      const [seeded] = await db
        .select({ total: count() })
        .from(savedViews)
        .where(and(eq(savedViews.userId, userId), sql`${savedViews.defaultKind} is not null`));
      if ((seeded?.total ?? 0) < defaultViewKinds.length) {
        await db.transaction((tx) => seedDefaults(tx, userId));
      }
      return db
        .select()
        .from(savedViews)
        .where(eq(savedViews.userId, userId))
        .orderBy(...inOrder);
    },

    async find(userId: string, viewId: string): Promise<SavedViewRow | undefined> {
      const [row] = await db.select().from(savedViews).where(ownView(userId, viewId)).limit(1);
      return row;
    },

    /** At the end of the order; `duplicate` when another view has the name (any case), `limit` at `max` views. */
    async insert(
      userId: string,
      values: SavedViewValues,
      limit: number,
    ): Promise<SavedViewRow | 'duplicate' | 'limit'> {
      return db.transaction(async (tx) => {
        await seedDefaults(tx, userId);
        const [used] = await tx
          .select({ total: count(), last: max(savedViews.position) })
          .from(savedViews)
          .where(eq(savedViews.userId, userId));
        if ((used?.total ?? 0) >= limit) return 'limit';
        const [row] = await tx
          .insert(savedViews)
          .values({ userId, ...values, position: (used?.last ?? 0) + 1 })
          .onConflictDoNothing()
          .returning();
        return row ?? 'duplicate';
      });
    },

    /** `conflict` when the new name is another view's; undefined when the view is not the user's. */
    async update(
      userId: string,
      viewId: string,
      values: Partial<{ name: string | null; filters: SavedViewFilters }>,
    ): Promise<SavedViewRow | 'conflict' | undefined> {
      try {
        const [row] = await db
          .update(savedViews)
          .set({ ...values, updatedAt: sql`now()` })
          .where(ownView(userId, viewId))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict';
        throw error;
      }
    },

    /** Deletes a view of the user's own making; false when there is none with that id (a default is not one). */
    async delete(userId: string, viewId: string): Promise<boolean> {
      const deleted = await db
        .delete(savedViews)
        .where(and(ownView(userId, viewId), isNull(savedViews.defaultKind)))
        .returning({ id: savedViews.id });
      return deleted.length > 0;
    },

    /** Puts the views in the order of `ids`, which must name each of them once; `mismatch` when it does not. */
    async reorder(userId: string, ids: readonly string[]): Promise<'mismatch' | 'done'> {
      return db.transaction(async (tx) => {
        await seedDefaults(tx, userId);
        const rows = await tx
          .select({ id: savedViews.id })
          .from(savedViews)
          .where(eq(savedViews.userId, userId));
        const given = new Set(ids);
        if (rows.length !== given.size || rows.some((row) => !given.has(row.id))) return 'mismatch';
        for (const [position, id] of ids.entries()) {
          await tx
            .update(savedViews)
            .set({ position, updatedAt: sql`now()` })
            .where(ownView(userId, id));
        }
        return 'done';
      });
    },
  };
}

export type SavedViewsRepo = ReturnType<typeof createSavedViewsRepo>;
