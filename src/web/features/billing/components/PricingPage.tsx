import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanType } from '../../../../contract/auth.ts';
import {
  PLAN_DISPLAY_NAMES,
  PLAN_FEATURES,
  PLAN_PRICE_CENTS,
  paidPlanNames,
  type Plan,
} from '../../../../contract/billing.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { billingConfigQueryOptions } from '../api/get-billing-config.ts';
import { plansQueryOptions } from '../api/get-plans.ts';
import { subscriptionQueryOptions } from '../api/get-subscription.ts';
import { currentPlanOf, hasActiveSubscription, planButtonOf } from '../lib/plan-choice.ts';
import { CurrentPlanBanner } from './CurrentPlanBanner.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PricingFaq } from './PricingFaq.tsx';
import { usePlanActions } from './use-plan-actions.ts';

/**
 * The paid plans as the contract publishes them, shown until the server's answer arrives with the same figures,
 * so the cards are there from the first paint and nothing below them moves.
 */
const PUBLISHED_PLANS: Plan[] = paidPlanNames.map((name) => ({
  name,
  displayName: PLAN_DISPLAY_NAMES[name],
  price: PLAN_PRICE_CENTS[name] / 100,
  features: PLAN_FEATURES[name],
}));

const NOT_OFFERED_NOTE_ID = 'pricing-not-offered';

/** SPEC §2 and §4: the current-plan banner, the three plan cards and the FAQ. */
export function PricingPage({ signedIn, planType }: { signedIn: boolean; planType: PlanType | undefined }) {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('pricing.title'));
  const { showToast } = useToast();
  const plans = useQuery({ ...plansQueryOptions(), placeholderData: PUBLISHED_PLANS });
  const config = useQuery(billingConfigQueryOptions());
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: signedIn });
  const current = currentPlanOf(signedIn ? planType : undefined, subscription.data);
  const actions = usePlanActions({ signedIn, current, subscription: subscription.data });

  useEffect(() => {
    if (plans.isError) showToast(t('toast.loadFailed'), 'error');
  }, [plans.isError, showToast, t]);

  // Without Stripe the paid plans' buttons are disabled with the note as their reason, like a connect button
  // whose provider is not set up; a click that races the config still gets the server's 409 explained.
  const paidPlansOffered = config.data?.enabled !== false;
  const paid = plans.data ?? [];
  const cards = [
    { plan: 'free' as const, priceCents: 0, features: PLAN_FEATURES.free },
    ...paid.map((plan) => ({
      plan: plan.name,
      priceCents: Math.round(plan.price * 100),
      features: plan.features,
    })),
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-12 sm:px-6">
      <div className="space-y-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('pricing.title')}</h1>
        <p className="mx-auto max-w-2xl text-slate-600">{t('pricing.lead')}</p>
        {/* The same story as the landing page and the terms (docs/decisions/145). */}
        <p className="font-medium text-indigo-700">{t('pricing.betaFree')}</p>
        {!paidPlansOffered && (
          <p
            id={NOT_OFFERED_NOTE_ID}
            role="note"
            className="mx-auto max-w-2xl rounded-lg bg-slate-100 p-3 text-sm text-slate-800"
          >
            {t('pricing.notOffered')}
          </p>
        )}
      </div>
      {hasActiveSubscription(subscription.data) && (
        <CurrentPlanBanner
          subscription={subscription.data}
          pending={actions.pending}
          onManage={actions.openPortal}
          onReactivate={actions.reactivate}
        />
      )}
      {plans.isError && <Alert>{t('toast.loadFailed')}</Alert>}
      <div className="grid gap-6 md:grid-cols-3">
        {cards.map((card) => (
          <PlanCard
            key={card.plan}
            plan={card.plan}
            priceCents={card.plan === 'free' ? 0 : card.priceCents || PLAN_PRICE_CENTS[card.plan]}
            features={card.features}
            button={planButtonOf(card.plan, current, signedIn)}
            popular={card.plan === 'pro'}
            pending={actions.pending}
            unavailableReasonId={card.plan === 'free' || paidPlansOffered ? undefined : NOT_OFFERED_NOTE_ID}
            onChoose={() => actions.choose(card.plan)}
          />
        ))}
      </div>
      <PricingFaq />
    </div>
  );
}
