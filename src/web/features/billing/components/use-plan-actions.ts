import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Subscription } from '../../../../contract/billing.ts';
import type { PlanType } from '../../../../contract/auth.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useChangeSubscriptionPlan } from '../api/change-subscription-plan.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useCreatePortalSession } from '../api/create-portal-session.ts';
import { useReactivateSubscription } from '../api/reactivate-subscription.ts';
import { planActionOf, toastForFailure } from '../lib/plan-choice.ts';

/** What the pricing page and the subscription card do when a plan, the portal or "keep my plan" is chosen. */
export function usePlanActions({
  signedIn,
  current,
  subscription,
}: {
  signedIn: boolean;
  current: PlanType;
  subscription: Subscription | null | undefined;
}) {
  const { t } = useTranslation('billing');
  const { showToast } = useToast();
  const navigate = useNavigate();
  const checkout = useCreateCheckoutSession();
  const change = useChangeSubscriptionPlan();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const portal = useCreatePortalSession();
  const pending =
    checkout.isPending || change.isPending || cancel.isPending || reactivate.isPending || portal.isPending;

  const failed = (error: unknown) => {
    const toast = toastForFailure(error);
    showToast(t(toast.key), toast.type);
  };
  const planChanged = () => void navigate('/subscription-success?plan_change=true');

  function choose(target: PlanType): void {
    const action = planActionOf(target, current, signedIn, subscription);
    switch (action.kind) {
      case 'loginRequired':
        showToast(t('toast.loginRequired'), 'info');
        return;
      case 'alreadyOnPlan':
        showToast(t('toast.samePlan'), 'info');
        return;
      case 'alreadyFree':
        showToast(t('toast.alreadyFree'), 'info');
        return;
      case 'cancelToFree':
        cancel.mutate(undefined, {
          onSuccess: () => {
            showToast(t('toast.toFree'), 'success');
            planChanged();
          },
          onError: failed,
        });
        return;
      case 'change':
        change.mutate(action.plan, {
          onSuccess: () => {
            showToast(t('toast.changed', { plan: t(`pricing.${action.plan}.name`) }), 'success');
            planChanged();
          },
          onError: failed,
        });
        return;
      case 'checkout':
        checkout.mutate(action.plan, { onError: failed });
        return;
    }
  }

  return {
    pending,
    choose,
    openPortal: () =>
      portal.mutate(undefined, { onError: () => showToast(t('toast.portalFailed'), 'error') }),
    cancelAtPeriodEnd: () =>
      cancel.mutate(undefined, { onSuccess: () => showToast(t('toast.toFree'), 'success'), onError: failed }),
    reactivate: () =>
      reactivate.mutate(undefined, {
        onSuccess: () => showToast(t('toast.reactivated'), 'success'),
        onError: failed,
      }),
  };
}
