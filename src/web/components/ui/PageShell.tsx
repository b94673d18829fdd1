import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const MAIN_CONTENT_ID = 'main-content';

interface PageShellProps {
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

export function PageShell({ header, footer, children }: PageShellProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      {header}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {footer}
    </div>
  );
}
