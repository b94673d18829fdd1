import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../../../contract/billing.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatPeriodDate } from '../lib/format-date.ts';

/** For subscribers: their plan, when it renews or ends, and the way to manage it. */
export function CurrentPlanBanner({
  subscription,
  pending,
  onManage,
  onReactivate,
}: {
  subscription: Subscription;
  pending: boolean;
  onManage: () => void;
  onReactivate: () => void;
}) {
  const { t } = useTranslation('billing');
  const date = formatPeriodDate(subscription.current_period_end);
  return (
    <section
      aria-label={t('card.title')}
      data-testid="current-plan-banner"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-indigo-200 bg-indigo-50 p-4"
    >
      <div className="text-sm text-indigo-950">
        <p className="font-semibold">
          {t('pricing.banner.title', { plan: t(`pricing.${subscription.subscription_plans.name}.name`) })}
        </p>
        <p>
          {t(subscription.cancel_at_period_end ? 'pricing.banner.ending' : 'pricing.banner.renews', { date })}{' '}
          {t('pricing.banner.status', { status: t(`status.${subscription.status}`) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {subscription.cancel_at_period_end && (
          <Button variant="secondary" disabled={pending} onClick={onReactivate}>
            {t('pricing.banner.reactivate')}
          </Button>
        )}
        <Button disabled={pending} onClick={onManage}>
          {t('pricing.banner.manage')}
        </Button>
      </div>
    </section>
  );
}
