/** Settings the server writes into the page it serves (src/server/plugins/page-meta.ts), readable without the API. */
function readMeta(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}

/**
 * Where visitors write to: the server's SUPPORT_EMAIL. The Vite dev server writes no such tag; the site's own host
 * is the sensible guess there.
 */
export function supportEmail(): string {
  return readMeta('matome:support-email') ?? `support@${window.location.hostname}`;
}

/** The reverse-geocoding service for language detection, when the operator configured one. */
export function reverseGeocodingUrl(): string | null {
  return readMeta('matome:reverse-geocoding-url');
}
