import type { Language } from './auth-constants.ts';

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
  '/rules',
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

/**
 * The landing page is built as HTML, one file per language and per whether the browser holds a session (the
 * header then leads to the inbox rather than to login); the server sends the one that fits (docs/decisions/138).
 */
export function landingPageFile(language: Language, signedIn: boolean): string {
  return `landing-${language}${signedIn ? '-signed-in' : ''}.html`;
}
