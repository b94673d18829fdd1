import { Inbox, ListChecks, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { ContentPage, ContentSection } from '../../../components/ui/ContentPage.tsx';
import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/about.json';
import jp from '../../../locales/jp/about.json';

addPageTexts('about', en, jp);

const features = [
  { key: 'gather', Icon: Inbox },
  { key: 'act', Icon: ListChecks },
  { key: 'privacy', Icon: ShieldCheck },
] as const;

export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <ContentPage title={t('heading')} eyebrow={t('eyebrow')} intro={<p>{t('intro')}</p>}>
      <ContentSection title={t('mission.title')}>
        <p>{t('mission.body')}</p>
      </ContentSection>
      <ContentSection title={t('vision.title')}>
        <p>{t('vision.body')}</p>
      </ContentSection>
      <ContentSection title={t('features.title')}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {features.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-indigo-600" />
              <h3 className="mt-3 font-semibold text-slate-900">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </ContentSection>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/register" className={buttonClassName({ size: 'lg' })}>
          {t('cta.register')}
        </Link>
        <Link to="/data-guide" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
          {t('cta.dataGuide')}
        </Link>
      </div>
    </ContentPage>
  );
}
