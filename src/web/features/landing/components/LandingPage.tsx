import { ArrowRight, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { LandingSections } from './LandingSections.tsx';

/** The landing page's content, rendered to HTML when the web app is built (app/PrerenderedLanding.tsx). */
export function LandingPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <section className="bg-linear-to-b from-indigo-50 to-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('landing.eyebrow')}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {t('landing.heading')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-700">{t('landing.body')}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/login" className={buttonClassName({ size: 'lg' })}>
              {t('landing.betaSignup')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/login?demo=1" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              {t('landing.viewDemo')}
            </Link>
          </div>
        </div>
      </section>
      <LandingSections />
    </>
  );
}
