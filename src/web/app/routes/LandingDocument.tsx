import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useOnline } from '../../lib/use-online.ts';
import { PageLoading } from '../layouts/PageLoading.tsx';
import { ErrorPage } from './ErrorPage.tsx';

/**
 * Whether the server sent this app itself for `/`, which it does only when the build holds no landing page: loading
 * the address again would then bring the app back, for ever.
 */
function sentForLandingAddress(): boolean {
  const entry = window.performance.getEntriesByType('navigation')[0];
  return entry !== undefined && new URL(entry.name).pathname === '/';
}

/**
 * The landing page is HTML the server sends, not a screen of this app (docs/decisions/138): arriving at it from
 * inside the app (the logo, the error page's way home) loads that page.
 */
export function LandingDocument() {
  const missing = sentForLandingAddress();
  const online = useOnline();
  useEffect(() => {
    if (!missing && online) window.location.reload();
  }, [missing, online]);
  // Without a network the service worker opens the app's shell for `/` too (docs/decisions/158): the inbox, or the
  // login page with the offline banner, is what an installed app should open on.
  if (!online) return <Navigate to="/dashboard" replace />;
  return missing ? <ErrorPage notFound={false} /> : <PageLoading />;
}
