import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { useServiceWorker } from '../hooks/use-service-worker.ts';

/**
 * Registers the service worker and, when a new version of the app is waiting, offers to reload into it; the page
 * never reloads by itself under the person (docs/decisions/158).
 */
export function UpdatePrompt() {
  const { t } = useTranslation('ui');
  const { updateReady, reload, dismiss } = useServiceWorker();
  return (
    <div aria-live="polite">
      {updateReady ? (
        <div
          role="status"
          className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg"
        >
          <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
          <p className="flex-1">{t('update.ready')}</p>
          <Button variant="secondary" size="sm" onClick={dismiss}>
            {t('update.later')}
          </Button>
          <Button size="sm" onClick={reload}>
            {t('update.reload')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
