import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PlanType } from '../../../contract/auth.ts';
import type { PaidPlanName } from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import { billingCustomers, stripeEvents, subscriptions } from '../../db/schema/billing.ts';
import { users } from '../../db/schema/users.ts';
import { lockUserRows } from '../../db/user-lock.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What Matome keeps of a Stripe subscription. */
export type SubscriptionSnapshot = {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  status: string;
  plan: PaidPlanName;
  stripePriceId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
};

const grantingStatuses = ['active', 'trialing'];
/** Statuses in which the subscription may still bill: the user has one "in force". */
export const liveStatuses = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

export function createBillingRepo(db: Database) {
  return {
    async customerOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: billingCustomers.stripeCustomerId })
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId));
      return row?.id;
    },

    async userOfCustomer(stripeCustomerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
      return row?.userId;
    },

    /** Links the customer to the user; the customer already linked wins (returned). */
    async saveCustomer(userId: string, stripeCustomerId: string): Promise<string> {
      await db.insert(billingCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing();
      return (await this.customerOf(userId)) ?? stripeCustomerId;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },

    /** The subscription in force (the newest), else the newest that ended; undefined when there was none. */
    async currentSubscription(userId: string): Promise<SubscriptionRow | undefined> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.updatedAt));
      return rows.find((row) => liveStatuses.includes(row.status)) ?? rows[0];
    },

    async hasLiveSubscription(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.stripeSubscriptionId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, liveStatuses)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Stores Stripe's current description of the subscription and sets the user's plan from every subscription
     * they hold, in one transaction under the user's billing lock.
     */
    async applySubscription(userId: string, snapshot: SubscriptionSnapshot): Promise<PlanType> {
      return db.transaction(async (tx) => {
        await lockUserRows(tx, 'billing', userId);
        await tx
          .insert(subscriptions)
          .values({ ...snapshot, userId })
          .onConflictDoUpdate({
            target: subscriptions.stripeSubscriptionId,
            set: { ...snapshot, updatedAt: sql`now()` },
          });
        const [granting] = await tx
          .select({ plan: subscriptions.plan })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, grantingStatuses)))
          .orderBy(desc(subscriptions.updatedAt))
          .limit(1);
        const plan: PlanType = granting?.plan ?? 'free';
        await tx
          .update(users)
          .set({ planType: plan, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        return plan;
      });
    },

    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, id));
      return row !== undefined;
    },

    async recordEvent(id: string, type: string): Promise<void> {
      await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing();
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
