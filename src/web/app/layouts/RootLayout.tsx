import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { NavigationProgress } from './NavigationProgress.tsx';

export function RootLayout() {
  usePageMeta();
  return (
    <AuthProvider>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
