import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { landingSectionIds } from '../section-ids.ts';
import { LandingSection } from './LandingSection.tsx';

const questions = ['storage', 'permissions', 'price', 'services', 'security'] as const;

/**
 * SPEC §2: one answer open at a time; selecting the open question closes it. Disclosure elements sharing a name
 * behave exactly so in the browser, with no script (docs/decisions/138).
 */
export function FaqAccordion() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id={landingSectionIds.faq} headingId="faq-heading" heading={t('faq.heading')} tinted>
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {questions.map((question) => (
          <details key={question} name="faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {t(`faq.items.${question}.question`)}
              <ChevronDown
                aria-hidden="true"
                className="size-5 flex-none text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <p className="px-6 pb-5 text-slate-700">{t(`faq.items.${question}.answer`)}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
