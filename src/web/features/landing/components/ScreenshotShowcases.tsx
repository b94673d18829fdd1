import { Maximize2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { SCREENSHOT_SIZE, showcases, type Showcase } from '../screenshots.ts';
import { LandingSection } from './LandingSection.tsx';

const loadViewer = () => import('./ScreenshotViewer.tsx');
// The dialog's code is only needed once someone asks for a bigger picture.
const ScreenshotViewer = lazy(() => loadViewer().then((module) => ({ default: module.ScreenshotViewer })));

export function ScreenshotShowcases() {
  const { t } = useTranslation('landing');
  const language = currentLanguage();
  const [viewed, setViewed] = useState<{ showcase: Showcase; open: boolean } | null>(null);
  return (
    <LandingSection headingId="showcase-heading" heading={t('showcase.heading')} intro={t('showcase.intro')}>
      <div className="grid gap-10 lg:grid-cols-2">
        {showcases.map((showcase) => {
          const title = t(`showcase.${showcase.key}.title`);
          return (
            <figure key={showcase.key} className="flex flex-col gap-4">
              <button
                type="button"
                aria-label={t('showcase.enlarge', { title })}
                aria-haspopup="dialog"
                onPointerEnter={() => void loadViewer()}
                onFocus={() => void loadViewer()}
                onClick={() => setViewed({ showcase, open: true })}
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
            </figure>
          );
        })}
      </div>
      <Suspense fallback={null}>
        {viewed && (
          <ScreenshotViewer
            open={viewed.open}
            onClose={() => setViewed({ ...viewed, open: false })}
            title={t(`showcase.${viewed.showcase.key}.title`)}
            description={t('showcase.viewerDescription')}
            src={viewed.showcase.images[language]}
            alt={t(`showcase.${viewed.showcase.key}.alt`)}
          />
        )}
      </Suspense>
    </LandingSection>
  );
}
