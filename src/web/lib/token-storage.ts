/**
 * The access token lives only in this module's memory, never in localStorage, sessionStorage or a cookie a
 * script can read (decision 062): an injected script could otherwise carry it away. A reload or a new tab gets a
 * fresh one through the HttpOnly refresh cookie (`renewAccessToken` in api-client.ts).
 */
let current: string | null = null;
const listeners = new Set<() => void>();

/** Keys the older client kept tokens under; removed at start so no long-lived token lingers on disk. */
const LEGACY_KEYS = ['matome.accessToken', 'matome.refreshToken'];

export const accessTokenStore = {
  get: (): string | null => current,
  set(token: string | null): void {
    current = token;
    for (const listener of listeners) listener();
  },
  /** Called after every change of the token (a sign-in, a renewal, a sign-out). */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function forgetLegacyTokens(): void {
  for (const key of LEGACY_KEYS) {
    try {
      window.localStorage.removeItem(key);
      window.sessionStorage.removeItem(key);
    } catch {
      // Storage may be unavailable (privacy settings); then nothing was stored there either.
    }
  }
}
