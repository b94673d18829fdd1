import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { RuleActions, RuleConditions, RuleMatchMode } from '../../../contract/rules.ts';
import type { Database } from '../../db/client.ts';
import { rulePreferences, rules } from '../../db/schema/rules.ts';
import { lockUserRows } from '../../db/user-lock.ts';

export type RuleRow = typeof rules.$inferSelect;
export type RulePreferencesRow = typeof rulePreferences.$inferSelect;
export type RuleValues = { name: string | null; conditions: RuleConditions; actions: RuleActions };
export type QuietHoursValues = { quietStart: string; quietEnd: string; quietTimeZone: string } | null;

export function createRulesRepo(db: Database) {
  const ownRule = (userId: string, ruleId: string) => and(eq(rules.userId, userId), eq(rules.id, ruleId));

  return {
    async list(userId: string): Promise<RuleRow[]> {
      return db.select().from(rules).where(eq(rules.userId, userId)).orderBy(asc(rules.position));
    },

    /** Appends the rule after the user's last one; `limit` when they already keep `most` rules. */
    async insert(userId: string, values: RuleValues, most: number): Promise<RuleRow | 'limit'> {
      return db.transaction(async (tx) => {
        await lockUserRows(tx, 'rules', userId);
        const [used] = await tx
          .select({ total: count(), last: max(rules.position) })
          .from(rules)
          .where(eq(rules.userId, userId));
        if ((used?.total ?? 0) >= most) return 'limit';
        const [row] = await tx
          .insert(rules)
          .values({ userId, position: (used?.last ?? -1) + 1, ...values })
          .returning();
        return row!;
      });
    },

    async update(userId: string, ruleId: string, values: RuleValues): Promise<RuleRow | undefined> {
      const [row] = await db
        .update(rules)
        .set({ ...values, updatedAt: sql`now()` })
        .where(ownRule(userId, ruleId))
        .returning();
      return row;
    },

    async remove(userId: string, ruleId: string): Promise<boolean> {
      const removed = await db.delete(rules).where(ownRule(userId, ruleId)).returning({ id: rules.id });
      return removed.length > 0;
    },

    /** Puts the user's rules in the order of `ids`; false (nothing written) unless they are exactly their rules. */
    async reorder(userId: string, ids: readonly string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockUserRows(tx, 'rules', userId);
        const current = await tx.select({ id: rules.id }).from(rules).where(eq(rules.userId, userId));
        const known = new Set(current.map((row) => row.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          !ids.every((id) => known.has(id))
        )
          return false;
        for (const [position, id] of ids.entries()) {
          await tx.update(rules).set({ position }).where(ownRule(userId, id));
        }
        return true;
      });
    },

    async preferences(userId: string): Promise<RulePreferencesRow | undefined> {
      const [row] = await db.select().from(rulePreferences).where(eq(rulePreferences.userId, userId));
      return row;
    },

    async savePreferences(
      userId: string,
      values: { matchMode: RuleMatchMode; quiet: QuietHoursValues },
    ): Promise<RulePreferencesRow> {
      const set = {
        matchMode: values.matchMode,
        quietStart: values.quiet?.quietStart ?? null,
        quietEnd: values.quiet?.quietEnd ?? null,
        quietTimeZone: values.quiet?.quietTimeZone ?? null,
      };
      const [row] = await db
        .insert(rulePreferences)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: rulePreferences.userId, set: { ...set, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },
  };
}

export type RulesRepo = ReturnType<typeof createRulesRepo>;
