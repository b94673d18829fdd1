import { isLanguage } from '../../../../contract/auth-constants.ts';
import { Maximize2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VIEWER_OPENER_ATTRIBUTE } from '../../../lib/landing-page-markers.ts';
import { SCREENSHOT_SIZE, showcases } from '../screenshots.ts';
import { LandingSection } from './LandingSection.tsx';
import { ScreenshotViewer } from './ScreenshotViewer.tsx';

export function ScreenshotShowcases() {
  const { t, i18n } = useTranslation('landing');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <LandingSection headingId="showcase-heading" heading={t('showcase.heading')} intro={t('showcase.intro')}>
      <div className="grid gap-10 lg:grid-cols-2">
        {showcases.map((showcase) => {
          const title = t(`showcase.${showcase.key}.title`);
          const viewerId = `screenshot-${showcase.key}`;
          return (
            <figure key={showcase.key} className="flex flex-col gap-4">
              <button
                type="button"
                aria-label={t('showcase.enlarge', { title })}
                aria-haspopup="dialog"
                {...{ [VIEWER_OPENER_ATTRIBUTE]: viewerId }}
                className="group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-md transition-shadow hover:shadow-lg"
              >
                <img
                  src={showcase.images[language]}
                  alt=""
                  width={SCREENSHOT_SIZE.width}
                  height={SCREENSHOT_SIZE.height}
                  loading="lazy"
                  decoding="async"
                  className="h-auto w-full"
                />
                <span className="absolute right-3 bottom-3 inline-flex size-9 items-center justify-center rounded-full bg-slate-900/75 text-white opacity-90 group-hover:opacity-100">
                  <Maximize2 aria-hidden="true" className="size-4" />
                </span>
              </button>
              <figcaption>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{t(`showcase.${showcase.key}.body`)}</p>
              </figcaption>
              <ScreenshotViewer
                id={viewerId}
                title={title}
                description={t('showcase.viewerDescription')}
                src={showcase.images[language]}
                alt={t(`showcase.${showcase.key}.alt`)}
              />
            </figure>
          );
        })}
      </div>
    </LandingSection>
  );
}
