import { AtSign, CalendarDays, MessageSquareReply, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { landingSectionIds } from '../section-ids.ts';
import { LandingSection } from './LandingSection.tsx';

const features = [
  { key: 'mentions', Icon: AtSign, comingSoon: false },
  { key: 'reply', Icon: MessageSquareReply, comingSoon: false },
  { key: 'tags', Icon: Tags, comingSoon: false },
  { key: 'google', Icon: CalendarDays, comingSoon: true },
] as const;

export function FeatureCards() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id={landingSectionIds.features}
      headingId="features-heading"
      heading={t('features.heading')}
      intro={t('features.intro')}
      tinted
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ key, Icon, comingSoon }) => (
          <li key={key} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6">
            <div className="flex items-start justify-between gap-2">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {comingSoon && (
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                  {t('features.comingSoon')}
                </span>
              )}
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`features.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-700">{t(`features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
