import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gatheredMentionDays } from '../../db/schema/gathered-mentions.ts';
import { hiddenMessages } from '../../db/schema/hidden-messages.ts';
import { tags } from '../../db/schema/tags.ts';
import type { Platform } from '../../../contract/messages.ts';

export type GatheredDay = { connectionId: string; day: string; count: number };

export function createAccountStatsRepo(db: Database) {
  return {
    /** Keeps, per connection and day, the larger of the stored count and the one just seen. */
    async recordGathered(userId: string, platform: Platform, days: readonly GatheredDay[]): Promise<void> {
      if (days.length === 0) return;
      await db
        .insert(gatheredMentionDays)
        .values(days.map((entry) => ({ userId, platform, ...entry })))
        .onConflictDoUpdate({
          target: [
            gatheredMentionDays.userId,
            gatheredMentionDays.platform,
            gatheredMentionDays.connectionId,
            gatheredMentionDays.day,
          ],
          set: { count: sql`greatest(${gatheredMentionDays.count}, excluded.count)` },
        });
    },

    async totals(userId: string): Promise<{ processed: number; hidden: number; tags: number }> {
      const [[processed], [hidden], [tagCount]] = await Promise.all([
        db
          .select({ value: sum(gatheredMentionDays.count).mapWith(Number) })
          .from(gatheredMentionDays)
          .where(eq(gatheredMentionDays.userId, userId)),
        db
          .select({ value: count() })
          .from(hiddenMessages)
          .where(and(eq(hiddenMessages.userId, userId), eq(hiddenMessages.sessionScope, ''))),
        db.select({ value: count() }).from(tags).where(eq(tags.userId, userId)),
      ]);
      return { processed: processed?.value ?? 0, hidden: hidden?.value ?? 0, tags: tagCount?.value ?? 0 };
    },

    /** Per platform and day from `firstDay` (YYYY-MM-DD) on, summed over connections. */
    async mentionsSince(
      userId: string,
      firstDay: string,
    ): Promise<{ platform: Platform; day: string; count: number }[]> {
      return db
        .select({
          platform: gatheredMentionDays.platform,
          day: gatheredMentionDays.day,
          count: sum(gatheredMentionDays.count).mapWith(Number),
        })
        .from(gatheredMentionDays)
        .where(and(eq(gatheredMentionDays.userId, userId), gte(gatheredMentionDays.day, firstDay)))
        .groupBy(gatheredMentionDays.platform, gatheredMentionDays.day);
    },
  };
}

export type AccountStatsRepo = ReturnType<typeof createAccountStatsRepo>;
