import { useTranslation } from 'react-i18next';
import { useNavigationPending } from '../navigation-pending.ts';

/**
 * A thin bar across the top while the next screen's code loads. The current screen stays as it is underneath, so
 * a slow network never shows an empty page between two screens.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  if (!useNavigationPending()) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-indigo-100"
    >
      <div className="h-full w-1/3 animate-navigation-progress bg-indigo-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
