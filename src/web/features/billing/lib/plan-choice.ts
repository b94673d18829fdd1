import type { PlanType } from '../../../../contract/auth.ts';
import {
  billingErrorCodes,
  isActiveStatus,
  PLAN_ORDER,
  type PaidPlanName,
  type Subscription,
} from '../../../../contract/billing.ts';
import { ApiError } from '../../../lib/api-client.ts';

export type PlanButtonKind = 'loginRequired' | 'current' | 'upgrade' | 'downgrade' | 'switchToFree';

/** SPEC §4: a plan card's button for someone on `current`. */
export function planButtonOf(target: PlanType, current: PlanType, signedIn: boolean): PlanButtonKind {
  if (!signedIn) return 'loginRequired';
  if (target === current) return 'current';
  if (PLAN_ORDER[target] > PLAN_ORDER[current]) return 'upgrade';
  return target === 'free' ? 'switchToFree' : 'downgrade';
}

/** SPEC §4: the account's plan, else the subscription's, else Free. */
export function currentPlanOf(
  planType: PlanType | undefined,
  subscription: Subscription | null | undefined,
): PlanType {
  return planType ?? subscription?.subscription_plans.name ?? 'free';
}

export function hasActiveSubscription(
  subscription: Subscription | null | undefined,
): subscription is Subscription {
  return subscription !== null && subscription !== undefined && isActiveStatus(subscription.status);
}

export type PlanAction =
  | { kind: 'loginRequired' }
  | { kind: 'alreadyOnPlan' }
  | { kind: 'alreadyFree' }
  | { kind: 'cancelToFree' }
  | { kind: 'change'; plan: PaidPlanName }
  | { kind: 'checkout'; plan: PaidPlanName };

/**
 * SPEC §4: what choosing a plan does. Free with an active subscription cancels at the period's end; a paid plan
 * with one changes the plan; without one, Free is already held and a paid plan goes through Checkout.
 */
export function planActionOf(
  target: PlanType,
  current: PlanType,
  signedIn: boolean,
  subscription: Subscription | null | undefined,
): PlanAction {
  if (!signedIn) return { kind: 'loginRequired' };
  const active = hasActiveSubscription(subscription);
  if (target === 'free') return active ? { kind: 'cancelToFree' } : { kind: 'alreadyFree' };
  if (active) {
    return subscription.subscription_plans.name === target
      ? { kind: 'alreadyOnPlan' }
      : { kind: 'change', plan: target };
  }
  return target === current ? { kind: 'alreadyOnPlan' } : { kind: 'checkout', plan: target };
}

export type BillingToast = {
  key:
    | 'toast.samePlan'
    | 'toast.noSubscription'
    | 'toast.unavailable'
    | 'toast.notOffered'
    | 'toast.demo'
    | 'toast.actionFailed';
  type: 'info' | 'error';
};

/** SPEC §8: which toast a failed plan action shows; a payment service that cannot be reached says so. */
export function toastForFailure(error: unknown): BillingToast {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('already on the requested plan')) return { key: 'toast.samePlan', type: 'info' };
  if (message.includes('No active subscription found')) return { key: 'toast.noSubscription', type: 'error' };
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === billingErrorCodes.unavailable) return { key: 'toast.unavailable', type: 'error' };
  if (code === billingErrorCodes.notConfigured) return { key: 'toast.notOffered', type: 'info' };
  if (code === billingErrorCodes.demo) return { key: 'toast.demo', type: 'info' };
  return { key: 'toast.actionFailed', type: 'error' };
}
