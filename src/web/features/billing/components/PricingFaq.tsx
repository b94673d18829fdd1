import { useTranslation } from 'react-i18next';

const questions = ['cancel', 'change', 'refunds', 'support'] as const;

export function PricingFaq() {
  const { t } = useTranslation('billing');
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto max-w-3xl">
      <h2 id="pricing-faq" className="text-2xl font-bold text-slate-900">
        {t('pricing.faq.title')}
      </h2>
      <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {questions.map((question) => (
          <details key={question} className="group p-4">
            <summary className="cursor-pointer font-semibold text-slate-900">
              {t(`pricing.faq.${question}.q`)}
            </summary>
            <p className="mt-2 text-sm text-slate-700">{t(`pricing.faq.${question}.a`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
