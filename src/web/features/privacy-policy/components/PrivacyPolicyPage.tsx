import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage, ContentSection } from '../../../components/ui/ContentPage.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMonthYear } from '../../../lib/intl-format.ts';
import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/privacy.json';
import jp from '../../../locales/jp/privacy.json';

addPageTexts('privacy', en, jp);

const LAST_UPDATED = { year: 2026, month: 11 };

/** SPEC §2's sections in SPEC's order; the lists carry SPEC §9's retention and deletion periods. */
const sections = [
  { key: 'collected', items: ['workspace', 'mentions', 'history', 'google'] },
  { key: 'sharing' },
  { key: 'retention', items: ['tokens', 'history', 'content'] },
  { key: 'deletion', items: ['disconnect', 'account', 'request'] },
  { key: 'rights' },
  { key: 'security' },
  { key: 'cookies' },
  { key: 'analytics' },
  { key: 'changes' },
] as const;

export function PrivacyPolicyPage() {
  const { t } = useTranslation('privacy');
  const lastUpdated = formatMonthYear(LAST_UPDATED.year, LAST_UPDATED.month, currentLanguage());
  return (
    <ContentPage
      title={t('title')}
      intro={<p>{t('intro')}</p>}
      note={t('lastUpdated', { date: lastUpdated })}
    >
      {sections.map((section) => (
        <ContentSection key={section.key} title={t(`sections.${section.key}.title`)}>
          <p>{t(`sections.${section.key}.body`)}</p>
          {'items' in section && (
            <ul className="list-disc space-y-2 pl-6">
              {section.items.map((item) => (
                <li key={item}>
                  {t(`sections.${section.key}.items.${item}` as 'sections.collected.items.workspace')}
                </li>
              ))}
            </ul>
          )}
        </ContentSection>
      ))}
      <ContentSection title={t('sections.contact.title')}>
        <p>{t('sections.contact.body')}</p>
        <Link to="/contact" className="font-semibold text-indigo-700 underline">
          {t('sections.contact.link')}
        </Link>
      </ContentSection>
    </ContentPage>
  );
}
