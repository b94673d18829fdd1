import { useEffect } from 'react';
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
  useEffect(() => {
    if (!missing) window.location.reload();
  }, [missing]);
  return missing ? <ErrorPage notFound={false} /> : <PageLoading />;
}
