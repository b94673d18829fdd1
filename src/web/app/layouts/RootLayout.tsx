import { Outlet } from 'react-router';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';
import { OfflineBanner } from '../../features/offline/components/OfflineBanner.tsx';
import { UpdatePrompt } from '../../features/offline/components/UpdatePrompt.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { NavigationProgress } from './NavigationProgress.tsx';

export function RootLayout() {
  usePageMeta();
  return (
    <AuthProvider>
      <NavigationProgress />
      <OfflineBanner />
      <Outlet />
      <UpdatePrompt />
    </AuthProvider>
  );
}
