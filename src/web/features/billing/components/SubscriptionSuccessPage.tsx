import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { subscriptionQueryOptions } from '../api/get-subscription.ts';
import { formatPeriodDate } from '../lib/format-date.ts';
import { SubscriptionFacts } from './SubscriptionFacts.tsx';

/** SPEC §9: after Checkout, Stripe's events get a head start before the subscription is read. */
export const CHECKOUT_SETTLE_MS = 2000;

/**
 * SPEC §4: with a Checkout session id the page waits 2 s, then loads the subscription; after a plan change it
 * loads at once. Next steps are hidden for a canceled subscription; a subscription ending at its period's end (the
 * switch to Free) says when the Free plan begins instead.
 */
export function SubscriptionSuccessPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const planChange = params.get('plan_change') === 'true';
  const afterCheckout = params.has('session_id') && !planChange;
  const [waited, setWaited] = useState(!afterCheckout);
  useEffect(() => {
    if (waited) return;
    const timer = setTimeout(() => setWaited(true), CHECKOUT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [waited]);
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: signedIn && waited });
  const data = subscription.data;
  const loading = !waited || subscription.isLoading;
  const ending = data?.cancel_at_period_end === true && data.status !== 'canceled';
  // A plan change may be a switch to Free: its heading waits for the subscription rather than guessing.
  const title = t(
    ending
      ? 'success.endingTitle'
      : planChange
        ? loading
          ? 'success.loading'
          : 'success.planChangedTitle'
        : 'success.title',
  );
  useDocumentTitle(title);

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 sm:px-6">
      <div className="flex items-center gap-3">
        <CircleCheck aria-hidden="true" className="size-8 text-emerald-600" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      </div>
      {loading ? (
        <p role="status" className={planChange ? 'sr-only' : 'text-slate-600'}>
          {t('success.loading')}
        </p>
      ) : data ? (
        <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-6">
          <SubscriptionFacts subscription={data} />
          {data.status === 'canceled' ? (
            <p className="text-sm text-slate-700">{t('success.canceled')}</p>
          ) : ending ? (
            <div>
              <h2 className="font-semibold text-slate-900">{t('success.nextSteps')}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                <li>
                  {t('success.stepEnding', {
                    plan: t(`pricing.${data.subscription_plans.name}.name`),
                    date: formatPeriodDate(data.current_period_end),
                  })}
                </li>
                <li>{t('success.stepKeep')}</li>
              </ul>
            </div>
          ) : (
            <div>
              <h2 className="font-semibold text-slate-900">{t('success.nextSteps')}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                <li>{t('success.stepConnect')}</li>
                <li>{t('success.stepManage')}</li>
              </ul>
            </div>
          )}
        </div>
      ) : (
        <p className="text-slate-700">{t('success.none')}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to="/dashboard" className={buttonClassName()}>
          {t('success.toDashboard')}
        </Link>
        <Link to="/account" className={buttonClassName({ variant: 'secondary' })}>
          {t('success.toAccount')}
        </Link>
      </div>
    </div>
  );
}
