import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';

export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
