import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../../../contract/billing.ts';
import { formatPeriodDate } from '../lib/format-date.ts';

/** Plan, status and the next renewal (or the end) of a subscription, as a definition list. */
export function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const ended = subscription.status === 'canceled';
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-slate-600">{t('card.plan')}</dt>
      <dd className="font-semibold text-slate-900">
        {t(`pricing.${subscription.subscription_plans.name}.name`)}
      </dd>
      <dt className="text-slate-600">{t('card.status')}</dt>
      <dd data-testid="subscription-status" className="text-slate-900">
        {t(`status.${subscription.status}`)}
      </dd>
      {!ended && (
        <>
          <dt className="text-slate-600">
            {t(subscription.cancel_at_period_end ? 'card.endsOn' : 'card.renewal')}
          </dt>
          <dd className="text-slate-900">{formatPeriodDate(subscription.current_period_end)}</dd>
        </>
      )}
    </dl>
  );
}
