import { useTranslation } from 'react-i18next';
import { landingSectionIds } from '../section-ids.ts';
import { LandingSection } from './LandingSection.tsx';

const steps = ['signIn', 'connect', 'work'] as const;

export function WorkflowSteps() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id={landingSectionIds.workflow}
      headingId="workflow-heading"
      heading={t('workflow.heading')}
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="inline-flex size-9 items-center justify-center rounded-full bg-indigo-600 font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`workflow.steps.${step}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-700">{t(`workflow.steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
