import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatUsd, type PlanFeatures } from '../../../../contract/billing.ts';
import type { PlanType } from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/Button.tsx';
import type { PlanButtonKind } from '../lib/plan-choice.ts';

const featureOrder = [
  'unlimited_messages',
  'tag_management',
  'reply_feature',
  'google_integration',
  'priority_support',
] as const;

export function PlanCard({
  plan,
  priceCents,
  features,
  button,
  popular,
  pending,
  unavailableReasonId,
  onChoose,
}: {
  plan: PlanType;
  priceCents: number;
  features: PlanFeatures;
  button: PlanButtonKind;
  popular: boolean;
  pending: boolean;
  /** The id of the text saying why this plan cannot be chosen here; the button is disabled while it is set. */
  unavailableReasonId?: string;
  onChoose: () => void;
}) {
  const { t } = useTranslation('billing');
  const headingId = `plan-${plan}-name`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`plan-${plan}`}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        popular ? 'border-indigo-500 ring-2 ring-indigo-500' : 'border-slate-200'
      }`}
    >
      {popular && (
        <span className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">
          {t('pricing.popular')}
        </span>
      )}
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t(`pricing.${plan}.name`)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(`pricing.${plan}.description`)}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold text-slate-900">{formatUsd(priceCents)}</span>{' '}
        <span className="text-sm text-slate-600">{t('pricing.perMonth')}</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        <li className="flex gap-2">
          <Check aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
          {t('pricing.features.connections', { count: features.connections })}
        </li>
        {plan === 'free' && (
          <li className="flex gap-2">
            <Check aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
            {t('pricing.features.hiding')}
          </li>
        )}
        {featureOrder
          .filter((feature) => features[feature])
          .map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
              {t(`pricing.features.${feature}`)}
            </li>
          ))}
      </ul>
      {/* Signed out, the button looks disabled but still answers a click with 'Please login to subscribe'. */}
      <Button
        className={`mt-6 w-full ${button === 'loginRequired' ? 'opacity-60' : ''}`}
        variant={button === 'upgrade' ? 'primary' : 'secondary'}
        aria-disabled={button === 'loginRequired' || undefined}
        disabled={button === 'current' || pending || unavailableReasonId !== undefined}
        aria-describedby={unavailableReasonId}
        onClick={onChoose}
      >
        {t(`pricing.button.${button}`)}
      </Button>
    </section>
  );
}
