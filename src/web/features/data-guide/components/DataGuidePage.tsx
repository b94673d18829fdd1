import { ExternalLink, LogIn, RefreshCw, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { ContentPage, ContentSection } from '../../../components/ui/ContentPage.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/data-guide.json';
import jp from '../../../locales/jp/data-guide.json';

addPageTexts('dataGuide', en, jp);

/** SPEC §2: the two platforms Matome connects to today, with their setup guides, and the four announced ones. */
const platforms = [
  { key: 'chatwork', guide: 'chatwork' },
  { key: 'slack', guide: 'slack' },
  { key: 'discord' },
  { key: 'teams' },
  { key: 'lineWorks' },
  { key: 'mattermost' },
] as const;

const steps = [
  { key: 'signIn', Icon: LogIn },
  { key: 'connect', Icon: ShieldCheck },
  { key: 'sync', Icon: RefreshCw },
] as const;

export function DataGuidePage() {
  const { t } = useTranslation('dataGuide');
  const language = currentLanguage();
  return (
    <ContentPage title={t('heading')} eyebrow={t('eyebrow')} intro={<p>{t('intro')}</p>}>
      <ContentSection title={t('platformsTitle')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {platforms.map((platform) => {
            const name = t(`platformNames.${platform.key}`);
            const available = 'guide' in platform;
            return (
              <li
                key={platform.key}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{name}</h3>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${available ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}
                  >
                    {t(available ? 'available' : 'comingSoon')}
                  </span>
                </div>
                <p className="mt-2 flex-1 text-sm text-slate-700">{t(`platforms.${platform.key}`)}</p>
                {available && (
                  <a
                    href={`/docs/help_${platform.guide}_${language}.pdf`}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('learnMoreLabel', { platform: name })}
                    className="mt-3 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-indigo-700 hover:underline"
                  >
                    {t('learnMore')}
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </ContentSection>
      <ContentSection title={t('stepsTitle')}>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map(({ key, Icon }, index) => (
            <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-5 text-indigo-600" />
              </div>
              <h3 className="mt-3 font-semibold text-slate-900">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </ContentSection>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/register" className={buttonClassName({ size: 'lg' })}>
          {t('cta.register')}
        </Link>
        <Link to="/about" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
          {t('cta.about')}
        </Link>
      </div>
    </ContentPage>
  );
}
