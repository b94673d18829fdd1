import { z } from 'zod/mini';
import { CONNECTION_LIMITS } from './connections.ts';
import type { PlanType } from './auth.ts';
import { inputText } from './text.ts';

/** The paid plans; Free is the absence of a subscription. Order: free < pro < proplus (SPEC §4). */
export const paidPlanNames = ['pro', 'proplus'] as const;
export type PaidPlanName = (typeof paidPlanNames)[number];
export const PLAN_ORDER: Record<PlanType, number> = { free: 0, pro: 1, proplus: 2 };

/** Monthly prices in cents (SPEC §9: Pro $4.00, Pro Plus $9.99). */
export const PLAN_PRICE_CENTS: Record<PaidPlanName, number> = { pro: 400, proplus: 999 };

export const PLAN_DISPLAY_NAMES: Record<PlanType, string> = { free: 'Free', pro: 'Pro', proplus: 'Pro Plus' };

/** Cents as US dollars with two decimals: 999 → "$9.99". */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export const planFeaturesSchema = z.object({
  connections: z.int().check(z.positive()),
  unlimited_messages: z.boolean(),
  tag_management: z.boolean(),
  reply_feature: z.boolean(),
  google_integration: z.boolean(),
  priority_support: z.boolean(),
  api_access: z.boolean(),
});
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** What each plan offers (SPEC §6): Pro adds Google, Pro Plus priority support. */
export const PLAN_FEATURES: Record<PlanType, PlanFeatures> = {
  free: {
    connections: CONNECTION_LIMITS.free,
    unlimited_messages: false,
    tag_management: true,
    reply_feature: true,
    google_integration: false,
    priority_support: false,
    api_access: false,
  },
  pro: {
    connections: CONNECTION_LIMITS.pro,
    unlimited_messages: true,
    tag_management: true,
    reply_feature: true,
    google_integration: true,
    priority_support: false,
    api_access: false,
  },
  proplus: {
    connections: CONNECTION_LIMITS.proplus,
    unlimited_messages: true,
    tag_management: true,
    reply_feature: true,
    google_integration: true,
    priority_support: true,
    api_access: false,
  },
};

/** `GET /api/stripe/plans`: `price` in dollars, for the formatter that shows it as USD. */
export const planSchema = z.object({
  name: z.enum(paidPlanNames),
  displayName: z.string(),
  price: z.number(),
  features: planFeaturesSchema,
});
export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export type Plan = z.infer<typeof planSchema>;
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** `GET /api/stripe/config`. */
export const billingConfigSchema = z.object({
  publishableKey: z.nullable(z.string()),
  /** Whether paying is possible on this server (Stripe configured): without it paid plans are not offered. */
  enabled: z.boolean(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Only these statuses grant the plan (SPEC §4). */
export function isActiveStatus(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing';
}

export const subscriptionSchema = z.object({
  status: z.enum(subscriptionStatuses),
  cancel_at_period_end: z.boolean(),
  current_period_start: z.iso.datetime(),
  current_period_end: z.iso.datetime(),
  subscription_plans: z.object({ name: z.enum(paidPlanNames), display_name: z.string() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ subscription: z.nullable(subscriptionSchema) });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const planChoiceSchema = z.strictObject({ planName: inputText().check(z.maxLength(40)) });
export const cancelSubscriptionSchema = z.strictObject({ immediate: z._default(z.boolean(), false) });
export const redirectUrlResponseSchema = z.object({ url: z.url() });
export const subscriptionChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: subscriptionSchema,
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** Messages the web app recognises (SPEC §8), and the codes beside them. */
export const billingMessages = {
  unauthenticated: 'User not authenticated',
  noSubscription: 'No active subscription found',
  samePlan: 'You are already on the requested plan',
  unknownPlan: 'Unknown plan: choose pro or proplus',
  alreadySubscribed: 'You already have an active subscription: change its plan instead',
  notConfigured: 'Payments are not available on this server',
  unavailable: 'The payment service could not be reached. Please try again in a moment.',
} as const;

export const billingErrorCodes = {
  noSubscription: 'NO_ACTIVE_SUBSCRIPTION',
  samePlan: 'ALREADY_ON_PLAN',
  unknownPlan: 'UNKNOWN_PLAN',
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  notConfigured: 'BILLING_NOT_CONFIGURED',
  unavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  demo: 'DEMO_RESTRICTED',
} as const;
