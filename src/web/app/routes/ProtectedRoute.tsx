import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';

export function ProtectedRoute() {
  const { t } = useTranslation('ui');
  const { status, leaveTo } = useAuth();
  const location = useLocation();

  if (status === 'verifying') {
    return (
      <div className="grid min-h-dvh place-items-center bg-slate-50">
        <Spinner label={t('verifying')} />
      </div>
    );
  }
  if (status === 'unauthenticated') {
    if (leaveTo) return <Navigate to={leaveTo} replace />;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
