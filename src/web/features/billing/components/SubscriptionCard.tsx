import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanType } from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { subscriptionQueryOptions } from '../api/get-subscription.ts';
import { currentPlanOf, hasActiveSubscription } from '../lib/plan-choice.ts';
import { SubscriptionFacts } from './SubscriptionFacts.tsx';
import { usePlanActions } from './use-plan-actions.ts';

/** The account page's subscription card: plan, status, renewal, and managing, cancelling or keeping the plan. */
export function SubscriptionCard({
  planType,
  ref,
}: {
  planType: PlanType | undefined;
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation('billing');
  const subscription = useQuery(subscriptionQueryOptions());
  const data = subscription.data;
  const actions = usePlanActions({
    signedIn: true,
    current: currentPlanOf(planType, data),
    subscription: data,
  });
  const active = hasActiveSubscription(data);

  return (
    <section
      ref={ref}
      id="subscription"
      tabIndex={-1}
      aria-labelledby="subscription-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 focus:outline-none"
    >
      <h2 id="subscription-title" className="text-lg font-semibold text-slate-900">
        {t('card.title')}
      </h2>
      {data ? (
        <SubscriptionFacts subscription={data} />
      ) : (
        <p className="text-sm text-slate-700">{t('card.free')}</p>
      )}
      {!data && <p className="text-sm text-slate-600">{t('status.none')}</p>}
      <div className="flex flex-wrap gap-2">
        {active && data.cancel_at_period_end && (
          <Button disabled={actions.pending} onClick={actions.reactivate}>
            {t('card.reactivate')}
          </Button>
        )}
        {active && !data.cancel_at_period_end && (
          <Button variant="secondary" disabled={actions.pending} onClick={actions.cancelAtPeriodEnd}>
            {t('card.cancel')}
          </Button>
        )}
        {data && (
          <Button variant="secondary" disabled={actions.pending} onClick={actions.openPortal}>
            {t('card.manage')}
          </Button>
        )}
        <Link to="/pricing" className={buttonClassName({ variant: 'ghost' })}>
          {t('card.seePlans')}
        </Link>
      </div>
    </section>
  );
}
