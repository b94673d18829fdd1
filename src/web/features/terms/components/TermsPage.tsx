import { useTranslation } from 'react-i18next';
import { ContentPage, ContentSection } from '../../../components/ui/ContentPage.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMonthYear } from '../../../lib/intl-format.ts';
import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/terms.json';
import jp from '../../../locales/jp/terms.json';

addPageTexts('terms', en, jp);

/** SPEC §2: the terms were last updated in January 2024. */
const LAST_UPDATED = { year: 2024, month: 1 };

export function TermsPage() {
  const { t } = useTranslation('terms');
  const chapters = t('chapters', { returnObjects: true });
  const lastUpdated = formatMonthYear(LAST_UPDATED.year, LAST_UPDATED.month, currentLanguage());
  // Articles are numbered through the whole document, as Japanese terms are (第1条 … 第16条).
  const firstArticleOfChapter = chapters.map((_, index) =>
    chapters.slice(0, index).reduce((count, chapter) => count + chapter.articles.length, 1),
  );
  return (
    <ContentPage
      title={t('title')}
      intro={<p>{t('intro')}</p>}
      note={t('lastUpdated', { date: lastUpdated })}
    >
      {chapters.map((chapter, chapterIndex) => (
        <ContentSection key={chapter.title} title={chapter.title}>
          {chapter.articles.map((article, articleIndex) => {
            const articleNumber = (firstArticleOfChapter[chapterIndex] ?? 1) + articleIndex;
            return (
              <section key={article.title} className="pt-2">
                <h3 className="font-semibold text-slate-900">
                  {t('articleNumber', { number: articleNumber })} {article.title}
                </h3>
                <ol className="mt-2 list-decimal space-y-2 pl-6">
                  {article.body.map((paragraph) => (
                    <li key={paragraph}>{paragraph}</li>
                  ))}
                </ol>
              </section>
            );
          })}
        </ContentSection>
      ))}
    </ContentPage>
  );
}
