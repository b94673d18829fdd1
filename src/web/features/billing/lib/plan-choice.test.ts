import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../contract/billing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { currentPlanOf, planActionOf, planButtonOf, toastForFailure } from './plan-choice.ts';

const pro: Subscription = {
  status: 'active',
  cancel_at_period_end: false,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  subscription_plans: { name: 'pro', display_name: 'Pro' },
};

describe('plan card buttons (SPEC §4)', () => {
  it('asks a signed-out visitor to log in, and marks the current, higher and lower plans', () => {
    expect(planButtonOf('pro', 'free', false)).toBe('loginRequired');
    expect(planButtonOf('pro', 'pro', true)).toBe('current');
    expect(planButtonOf('proplus', 'pro', true)).toBe('upgrade');
    expect(planButtonOf('pro', 'proplus', true)).toBe('downgrade');
    expect(planButtonOf('free', 'pro', true)).toBe('switchToFree');
  });

  it('takes the current plan from the account, then the subscription, then Free', () => {
    expect(currentPlanOf('proplus', pro)).toBe('proplus');
    expect(currentPlanOf(undefined, pro)).toBe('pro');
    expect(currentPlanOf(undefined, null)).toBe('free');
  });
});

describe('choosing a plan (SPEC §4)', () => {
  it('cancels at period end for Free with an active subscription, and says Free is held without one', () => {
    expect(planActionOf('free', 'pro', true, pro)).toEqual({ kind: 'cancelToFree' });
    expect(planActionOf('free', 'free', true, null)).toEqual({ kind: 'alreadyFree' });
    expect(planActionOf('free', 'pro', true, { ...pro, status: 'canceled' })).toEqual({
      kind: 'alreadyFree',
    });
  });

  it('changes plan with an active subscription and checks out without one', () => {
    expect(planActionOf('proplus', 'pro', true, pro)).toEqual({ kind: 'change', plan: 'proplus' });
    expect(planActionOf('pro', 'pro', true, pro)).toEqual({ kind: 'alreadyOnPlan' });
    expect(planActionOf('pro', 'free', true, null)).toEqual({ kind: 'checkout', plan: 'pro' });
    expect(planActionOf('pro', 'free', true, { ...pro, status: 'past_due' })).toEqual({
      kind: 'checkout',
      plan: 'pro',
    });
    expect(planActionOf('pro', 'free', false, null)).toEqual({ kind: 'loginRequired' });
  });

  it('picks SPEC §8 toasts for failures', () => {
    expect(toastForFailure(new ApiError(400, 'You are already on the requested plan'))).toEqual({
      key: 'toast.samePlan',
      type: 'info',
    });
    expect(toastForFailure(new ApiError(404, 'No active subscription found')).type).toBe('error');
    expect(toastForFailure(new ApiError(0, 'offline')).key).toBe('toast.actionFailed');
    expect(toastForFailure(new ApiError(502, 'down', 'PAYMENT_PROVIDER_UNAVAILABLE')).key).toBe(
      'toast.unavailable',
    );
    expect(toastForFailure(new ApiError(409, 'no Stripe', 'BILLING_NOT_CONFIGURED')).key).toBe(
      'toast.notOffered',
    );
    expect(toastForFailure(new ApiError(403, 'demo', 'DEMO_RESTRICTED')).key).toBe('toast.demo');
  });
});
