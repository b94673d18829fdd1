import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { LandingSection } from './LandingSection.tsx';

const items = ['free', 'connections', 'support', 'feedback'] as const;

export function PricingCard() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection headingId="pricing-heading" heading={t('pricing.heading')} tinted>
      <div className="mx-auto max-w-md rounded-2xl border-2 border-indigo-600 bg-white p-8 shadow-sm">
        <h3 className="text-lg font-semibold text-indigo-700">{t('pricing.planName')}</h3>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight text-slate-900">{t('pricing.price')}</span>
          <span className="text-sm text-slate-600">{t('pricing.priceNote')}</span>
        </p>
        <ul className="mt-6 space-y-3 text-sm text-slate-700">
          {items.map((item) => (
            <li key={item} className="flex gap-3">
              <Check aria-hidden="true" className="size-5 flex-none text-indigo-600" />
              {t(`pricing.items.${item}`)}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3">
          <Link to="/login" className={buttonClassName({ size: 'lg' })}>
            {t('pricing.join')}
          </Link>
          <Link to="/pricing" className="text-center text-sm font-medium text-indigo-700 hover:underline">
            {t('pricing.allPlans')}
          </Link>
        </div>
      </div>
    </LandingSection>
  );
}
