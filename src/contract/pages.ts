/**
 * Every path the web app has a page for (SPEC §2). The server answers any other path with 404, still sending the
 * app so that it shows its error page; the web router's test checks that its routes and this list agree.
 */
export const PAGE_PATHS = [
  '/',
  '/auth',
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/auth/callback',
  '/dashboard',
  '/tags',
  '/account',
  '/contact',
  '/about',
  '/data-guide',
  '/privacy-policy',
  '/commercial-transactions',
  '/terms',
  '/pricing',
  '/subscription/success',
  '/subscription/cancel',
  '/subscription-success',
] as const;

/** Folders that hold only files (built assets, help PDFs): an unknown path there is a missing file, not a page. */
export const FILE_FOLDERS = ['/assets/', '/docs/'] as const;
