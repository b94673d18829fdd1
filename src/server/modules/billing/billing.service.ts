import type Stripe from 'stripe';
import type { PlanType } from '../../../contract/auth.ts';
import {
  billingErrorCodes,
  billingMessages,
  isActiveStatus,
  paidPlanNames,
  PLAN_DISPLAY_NAMES,
  PLAN_FEATURES,
  PLAN_ORDER,
  PLAN_PRICE_CENTS,
  subscriptionStatuses,
  type BillingConfig,
  type PaidPlanName,
  type Plan,
  type Subscription,
  type SubscriptionStatus,
} from '../../../contract/billing.ts';
import type { StripeBilling } from '../../connectors/stripe/stripe-client.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  liveStatuses,
  type BillingRepo,
  type SubscriptionRow,
  type SubscriptionSnapshot,
} from './billing.repo.ts';

export type BillingServiceDeps = {
  repo: BillingRepo;
  /** Undefined when the server has no Stripe settings: plans still show, paying is off. */
  stripe: StripeBilling | undefined;
  publicUrl: string;
  emailOf: (userId: string) => Promise<string>;
  isDemo: (userId: string) => Promise<boolean>;
  log: { warn: (details: object, message: string) => void };
};

/** Runs one task at a time per key, in arrival order (one user's plan changes and webhook syncs). */
function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.finally(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  const status = (subscriptionStatuses as readonly string[]).includes(row.status)
    ? (row.status as SubscriptionStatus)
    : 'incomplete';
  return {
    status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    subscription_plans: { name: row.plan, display_name: PLAN_DISPLAY_NAMES[row.plan] },
  };
}

function isPaidPlan(name: string): name is PaidPlanName {
  return (paidPlanNames as readonly string[]).includes(name);
}

/** A Stripe failure as the caller sees it: what they sent wrong is theirs (400), anything else a provider fault. */
function providerFailure(error: unknown, stripe: StripeBilling | undefined): HttpError {
  if (error instanceof HttpError) return error;
  if (stripe?.isNotFound(error)) {
    return new HttpError(404, billingMessages.noSubscription, billingErrorCodes.noSubscription);
  }
  return new HttpError(502, billingMessages.unavailable, billingErrorCodes.unavailable);
}

export function createBillingService(deps: BillingServiceDeps) {
  const { repo } = deps;
  const serialised = createKeyedQueue();

  function configured(): StripeBilling {
    if (!deps.stripe)
      throw new HttpError(409, billingMessages.notConfigured, billingErrorCodes.notConfigured);
    return deps.stripe;
  }

  function planOfPrice(priceId: string): PaidPlanName | undefined {
    const prices = deps.stripe?.priceIds;
    return paidPlanNames.find((plan) => prices?.[plan] === priceId);
  }

  async function refuseDemo(userId: string): Promise<void> {
    if (await deps.isDemo(userId)) {
      throw new HttpError(403, 'Demo accounts cannot subscribe to a plan.', billingErrorCodes.demo);
    }
  }

  function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot | undefined {
    const item = subscription.items.data[0];
    const plan = item && planOfPrice(item.price.id);
    if (!item || !plan) return undefined;
    return {
      stripeSubscriptionId: subscription.id,
      stripeCustomerId:
        typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      status: subscription.status,
      plan,
      stripePriceId: item.price.id,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodStart: new Date(item.current_period_start * 1000),
      currentPeriodEnd: new Date(item.current_period_end * 1000),
    };
  }

  async function store(
    userId: string,
    subscription: Stripe.Subscription,
  ): Promise<SubscriptionRow | undefined> {
    const snapshot = snapshotOf(subscription);
    if (!snapshot) {
      deps.log.warn(
        { subscription: subscription.id },
        'a Stripe subscription with a price of no Matome plan',
      );
      return undefined;
    }
    await repo.applySubscription(userId, snapshot);
    return repo.currentSubscription(userId);
  }

  /** The user's subscription in force, or 404 'No active subscription found'. */
  async function liveSubscription(userId: string, granting: boolean): Promise<SubscriptionRow> {
    const row = await repo.currentSubscription(userId);
    const live = row && liveStatuses.includes(row.status);
    if (!row || !live || (granting && !isActiveStatus(row.status as SubscriptionStatus))) {
      throw new HttpError(404, billingMessages.noSubscription, billingErrorCodes.noSubscription);
    }
    return row;
  }

  /** Changes the subscription at Stripe, then stores what Stripe answers, one change per user at a time. */
  async function change(
    userId: string,
    granting: boolean,
    mutate: (stripe: Stripe, row: SubscriptionRow) => Promise<Stripe.Subscription>,
  ): Promise<Subscription> {
    const { stripe } = configured();
    return serialised(userId, async () => {
      const row = await liveSubscription(userId, granting);
      let answer: Stripe.Subscription;
      try {
        answer = await mutate(stripe, row);
      } catch (error) {
        throw providerFailure(error, deps.stripe);
      }
      const stored = await store(userId, answer);
      return toSubscription(stored ?? row);
    });
  }

  /**
   * Reads the subscription from Stripe and stores it for its user: the truth, whatever order events came in. The
   * read that is stored happens in the user's queue, so it cannot overwrite what a later plan change stored.
   */
  async function sync(subscriptionId: string, hintedUserId?: string | null): Promise<void> {
    const { stripe } = configured();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const customerId =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const userId =
      (await repo.userOfCustomer(customerId)) ??
      (hintedUserId && (await repo.userExists(hintedUserId)) ? hintedUserId : undefined) ??
      (subscription.metadata.userId && (await repo.userExists(subscription.metadata.userId))
        ? subscription.metadata.userId
        : undefined);
    if (!userId) {
      deps.log.warn({ subscription: subscription.id }, 'a Stripe subscription of no Matome user');
      return;
    }
    await repo.saveCustomer(userId, customerId);
    await serialised(userId, async () => store(userId, await stripe.subscriptions.retrieve(subscriptionId)));
  }

  return {
    plans(): Plan[] {
      return paidPlanNames.map((name) => ({
        name,
        displayName: PLAN_DISPLAY_NAMES[name],
        price: PLAN_PRICE_CENTS[name] / 100,
        features: PLAN_FEATURES[name],
      }));
    },

    config(): BillingConfig {
      return {
        publishableKey: deps.stripe?.publishableKey ?? null,
        enabled: deps.stripe !== undefined,
      };
    },

    async subscription(userId: string): Promise<Subscription | null> {
      const row = await repo.currentSubscription(userId);
      return row ? toSubscription(row) : null;
    },

    hasLiveSubscription: (userId: string) => repo.hasLiveSubscription(userId),

    /** Removes the user's Stripe customer before their account goes (best effort: Stripe keeps its records). */
    async forgetCustomer(userId: string): Promise<void> {
      const customer = await repo.customerOf(userId);
      if (!customer || !deps.stripe) return;
      await deps.stripe.stripe.customers.del(customer).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'the Stripe customer of a deleted account could not be removed');
      });
    },

    async checkout(userId: string, planName: string): Promise<string> {
      if (!isPaidPlan(planName))
        throw new HttpError(400, billingMessages.unknownPlan, billingErrorCodes.unknownPlan);
      await refuseDemo(userId);
      const { stripe, priceIds } = configured();
      if (await repo.hasLiveSubscription(userId)) {
        throw new HttpError(409, billingMessages.alreadySubscribed, billingErrorCodes.alreadySubscribed);
      }
      try {
        let customer = await repo.customerOf(userId);
        if (!customer) {
          const created = await stripe.customers.create({
            email: await deps.emailOf(userId),
            metadata: { userId },
          });
          customer = await repo.saveCustomer(userId, created.id);
        }
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: userId,
          line_items: [{ price: priceIds[planName], quantity: 1 }],
          subscription_data: { metadata: { userId } },
          success_url: `${deps.publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${deps.publicUrl}/subscription/cancel`,
        });
        if (!session.url) throw new Error('Checkout Session without a URL');
        return session.url;
      } catch (error) {
        throw providerFailure(error, deps.stripe);
      }
    },

    async changePlan(userId: string, planName: string): Promise<Subscription> {
      if (!isPaidPlan(planName))
        throw new HttpError(400, billingMessages.unknownPlan, billingErrorCodes.unknownPlan);
      const { priceIds } = configured();
      return change(userId, true, async (stripe, row) => {
        if (row.plan === planName)
          throw new HttpError(400, billingMessages.samePlan, billingErrorCodes.samePlan);
        const current = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
        const item = current.items.data[0];
        if (!item) throw new HttpError(404, billingMessages.noSubscription, billingErrorCodes.noSubscription);
        const upgrade = PLAN_ORDER[planName] > PLAN_ORDER[row.plan as PlanType];
        return stripe.subscriptions.update(row.stripeSubscriptionId, {
          items: [{ id: item.id, price: priceIds[planName] }],
          // An upgrade is charged now for the rest of the period; a downgrade's credit goes to the next invoice.
          proration_behavior: upgrade ? 'always_invoice' : 'create_prorations',
        });
      });
    },

    cancel(userId: string, immediate: boolean): Promise<Subscription> {
      return change(userId, false, (stripe, row) =>
        immediate
          ? stripe.subscriptions.cancel(row.stripeSubscriptionId)
          : stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: true }),
      );
    },

    reactivate(userId: string): Promise<Subscription> {
      return change(userId, false, async (stripe, row) => {
        if (!row.cancelAtPeriodEnd) {
          throw new HttpError(400, 'Your subscription is not set to end', 'NOT_ENDING');
        }
        return stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: false });
      });
    },

    async portal(userId: string): Promise<string> {
      const { stripe } = configured();
      const customer = await repo.customerOf(userId);
      if (!customer)
        throw new HttpError(404, billingMessages.noSubscription, billingErrorCodes.noSubscription);
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer,
          return_url: `${deps.publicUrl}/pricing`,
        });
        return session.url;
      } catch (error) {
        throw providerFailure(error, deps.stripe);
      }
    },

    /**
     * A verified event. Each kind that touches a subscription reads it again from Stripe, so events arriving
     * late, twice or out of order all end in Stripe's current state. Answers false for an event already handled.
     */
    async handleEvent(event: Stripe.Event): Promise<boolean> {
      if (await repo.eventSeen(event.id)) return false;
      const object = event.data.object;
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = object as Stripe.Checkout.Session;
          if (session.mode === 'subscription' && session.subscription) {
            const id =
              typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
            await sync(id, session.client_reference_id);
          }
          break;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await sync((object as Stripe.Subscription).id);
          break;
        case 'invoice.payment_failed': {
          const subscription = (object as Stripe.Invoice).parent?.subscription_details?.subscription;
          if (subscription) await sync(typeof subscription === 'string' ? subscription : subscription.id);
          break;
        }
        default:
          break;
      }
      await repo.recordEvent(event.id, event.type);
      return true;
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      const { stripe, webhookSecret } = configured();
      try {
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw new HttpError(400, 'The webhook signature is missing, invalid or too old', 'INVALID_SIGNATURE');
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
