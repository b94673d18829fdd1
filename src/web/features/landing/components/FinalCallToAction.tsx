import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';

export function FinalCallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="final-cta-heading" className="bg-indigo-700">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id="final-cta-heading" className="text-3xl font-bold tracking-tight text-balance text-white">
          {t('finalCta.heading')}
        </h2>
        <p className="mt-4 text-lg text-indigo-50">{t('finalCta.body')}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/login" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            {t('finalCta.register')}
          </Link>
          <Link
            to="/login?demo=1"
            className={`${buttonClassName({ size: 'lg' })} ring-1 ring-white/70 ring-inset hover:bg-indigo-800`}
          >
            {t('finalCta.tryDemo')}
          </Link>
        </div>
      </div>
    </section>
  );
}
