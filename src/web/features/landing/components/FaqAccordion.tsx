import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { landingSectionIds } from '../section-ids.ts';
import { LandingSection } from './LandingSection.tsx';

const questions = ['storage', 'permissions', 'price', 'services', 'security'] as const;
type Question = (typeof questions)[number];

/** SPEC §2: one answer open at a time; selecting the open question closes it. */
export function FaqAccordion() {
  const { t } = useTranslation('landing');
  const idPrefix = useId();
  const [open, setOpen] = useState<Question | null>(null);
  return (
    <LandingSection id={landingSectionIds.faq} headingId="faq-heading" heading={t('faq.heading')} tinted>
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {questions.map((question) => {
          const expanded = open === question;
          const answerId = `${idPrefix}-${question}`;
          return (
            <div key={question}>
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={answerId}
                  onClick={() => setOpen(expanded ? null : question)}
                  className="flex w-full items-center justify-between gap-4 px-6 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
                >
                  {t(`faq.items.${question}.question`)}
                  <ChevronDown
                    aria-hidden="true"
                    className={`size-5 flex-none text-slate-500 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
                  />
                </button>
              </h3>
              <div id={answerId} hidden={!expanded} className="px-6 pb-5 text-slate-700">
                <p>{t(`faq.items.${question}.answer`)}</p>
              </div>
            </div>
          );
        })}
      </div>
    </LandingSection>
  );
}
