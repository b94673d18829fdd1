import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner.tsx';

/** Shown only on the first load of a page whose code is not there yet; later navigations keep the last screen. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50">
      <Spinner label={t('loading')} />
    </div>
  );
}
