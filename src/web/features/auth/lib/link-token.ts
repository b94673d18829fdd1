/**
 * The token of an e-mailed link (`/verify-email#token=…`). It travels in the fragment, which browsers never send
 * to a server, so it reaches no access log or Referer header.
 */
export function linkTokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}
