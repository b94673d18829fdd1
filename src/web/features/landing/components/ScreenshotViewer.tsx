import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SCREENSHOT_SIZE } from '../../../../contract/landing-screenshots.ts';

export interface ScreenshotViewerProps {
  id: string;
  title: string;
  description: string;
  src: string;
  alt: string;
}

/**
 * A screenshot enlarged over the page (SPEC §2): at most 90% of the viewport's height, closed by Escape, a click
 * outside it or the close button. A modal dialog element leaves the rest of the page inert, so focus stays inside,
 * and gives focus back to the screenshot that opened it; the stylesheet locks the page's scrolling while it is open.
 * The picture is the one already shown small, so opening it downloads nothing.
 */
export function ScreenshotViewer({ id, title, description, src, alt }: ScreenshotViewerProps) {
  const { t } = useTranslation('ui');
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="m-auto max-h-[90vh] max-w-[95vw] overflow-hidden rounded-xl bg-white p-2 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex h-12 items-center justify-between gap-2 pl-2">
        <h2 id={`${id}-title`} className="truncate font-semibold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-description`} className="sr-only">
          {description}
        </p>
        <form method="dialog">
          <button
            type="submit"
            aria-label={t('dialog.close')}
            className="rounded-lg p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>
      </div>
      <img
        src={src}
        alt={alt}
        width={SCREENSHOT_SIZE.width}
        height={SCREENSHOT_SIZE.height}
        loading="lazy"
        decoding="async"
        // At its own size where it fits, else as large as 95% of the viewport's width and, below the title bar, 90% of
        // its height allow, keeping its proportions (a style attribute would break the page's CSP).
        className="block h-auto max-h-[calc(90vh-4.5rem)] w-auto max-w-[calc(95vw-1rem)] rounded-lg"
      />
    </dialog>
  );
}
