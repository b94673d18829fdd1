import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/use-online.ts';

/**
 * Says, politely and in the page's language, that the app cannot reach its server, and goes away by itself once it
 * can (docs/decisions/158). The polite live region is always there, so a screen reader hears the status when it
 * appears; only the status itself has the role, so an empty region is not one more status on every page.
 */
export function OfflineBanner() {
  const { t } = useTranslation('ui');
  const online = useOnline();
  return (
    <div aria-live="polite">
      {online ? null : (
        <div
          role="status"
          className="flex items-start justify-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <p>
            <strong className="font-semibold">{t('offline.title')}</strong> {t('offline.body')}
          </p>
        </div>
      )}
    </div>
  );
}
