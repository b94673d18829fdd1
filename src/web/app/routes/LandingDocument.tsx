import { useEffect } from 'react';
import { PageLoading } from '../layouts/PageLoading.tsx';

/**
 * The landing page is HTML the server sends, not a screen of this app (docs/decisions/138): arriving at it from
 * inside the app (the logo, leaving after deleting the account) loads that page.
 */
export function LandingDocument() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return <PageLoading />;
}
