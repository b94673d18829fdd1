import { and, asc, count, eq, lt, lte, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../contract/push-notifications.ts';
import type { Database } from '../../db/client.ts';
import {
  notificationPreferences,
  pushBursts,
  pushDeliveries,
  pushHeld,
  pushSubscriptions,
} from '../../db/schema/push-notifications.ts';
import { lockUserRows } from '../../db/user-lock.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
export type NewPushSubscription = Pick<
  PushSubscriptionRow,
  'userId' | 'endpoint' | 'keysSealed' | 'deviceLabel' | 'language'
>;

/** Push subscriptions, preferences, delivery claims and bursts; every read and change scoped to its user. */
export function createPushRepo(db: Database) {
  const own = (userId: string, id: string) =>
    and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id));

  return {
    /**
     * Adds the device, or takes over its endpoint when it was subscribed before (by this person or by whoever used
     * the browser before them: a device notifies the person who subscribed it last). `limit` when the person
     * already has `most` other devices.
     */
    async upsert(values: NewPushSubscription, most: number): Promise<PushSubscriptionRow | 'limit'> {
      return db.transaction(async (tx) => {
        await lockUserRows(tx, 'push_subscriptions', values.userId);
        const [used] = await tx
          .select({ total: count() })
          .from(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.userId, values.userId),
              sql`${pushSubscriptions.endpoint} <> ${values.endpoint}`,
            ),
          );
        if ((used?.total ?? 0) >= most) return 'limit';
        const [row] = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              userId: values.userId,
              keysSealed: values.keysSealed,
              deviceLabel: values.deviceLabel,
              language: values.language,
              createdAt: sql`now()`,
              lastUsedAt: null,
            },
          })
          .returning();
        return row!;
      });
    },

    async list(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },

    async find(userId: string, id: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db.select().from(pushSubscriptions).where(own(userId, id));
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(own(userId, id))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /** The push service said the subscription is gone (404/410): it is removed whoever holds it now. */
    async removeGone(id: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async markUsed(id: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(eq(pushSubscriptions.id, id));
    },

    async preferences(userId: string): Promise<NotificationPreferencesRow | undefined> {
      const [row] = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return row;
    },

    async savePreferences(
      userId: string,
      values: { kinds: NotificationKind[]; connectionIds: string[] | null; includeFirstLine: boolean },
    ): Promise<NotificationPreferencesRow> {
      const [row] = await db
        .insert(notificationPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /** Claims the message's notification for the person: true only for the first claim, on any instance. */
    async claimDelivery(userId: string, messageKey: string): Promise<boolean> {
      const claimed = await db
        .insert(pushDeliveries)
        .values({ userId, messageKey })
        .onConflictDoNothing()
        .returning({ key: pushDeliveries.messageKey });
      return claimed.length > 0;
    },

    async sweepDeliveries(before: Date): Promise<number> {
      const removed = await db
        .delete(pushDeliveries)
        .where(lt(pushDeliveries.createdAt, before))
        .returning({ key: pushDeliveries.messageKey });
      return removed.length;
    },

    /** Counts one more notification into what the quiet hours hold for the person, until `dueAt`. */
    async hold(userId: string, latestUrl: string, dueAt: Date): Promise<void> {
      await db
        .insert(pushHeld)
        .values({ userId, count: 1, latestUrl, dueAt })
        .onConflictDoUpdate({
          target: pushHeld.userId,
          set: { count: sql`${pushHeld.count} + 1`, latestUrl, dueAt },
        });
    },

    /** Takes what was held until `now` or before, each row by one instance only (the delete claims it). */
    async takeDueHeld(now: Date): Promise<(typeof pushHeld.$inferSelect)[]> {
      return db.delete(pushHeld).where(lte(pushHeld.dueAt, now)).returning();
    },

    /**
     * Counts one more notification into the person's burst, in one statement for every instance: a burst older
     * than `windowMs` starts again at 1. Answers the count including this one, and when the burst started.
     */
    async countIntoBurst(
      userId: string,
      at: Date,
      windowMs: number,
    ): Promise<{ count: number; startedAt: Date }> {
      const since = new Date(at.getTime() - windowMs);
      const [row] = await db
        .insert(pushBursts)
        .values({ userId, startedAt: at, count: 1 })
        .onConflictDoUpdate({
          target: pushBursts.userId,
          set: {
            count: sql`case when ${pushBursts.startedAt} > ${since.toISOString()}::timestamptz then ${pushBursts.count} + 1 else 1 end`,
            startedAt: sql`case when ${pushBursts.startedAt} > ${since.toISOString()}::timestamptz then ${pushBursts.startedAt} else ${at.toISOString()}::timestamptz end`,
          },
        })
        .returning({ count: pushBursts.count, startedAt: pushBursts.startedAt });
      return row!;
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;
