/**
 * Remembers, in this tab, that a Google or GitHub sign-in was started to confirm deleting the account, so the page
 * it comes back to (`/auth/callback`) hands its code to the deletion instead of signing in (decision 140). The
 * server decides whether the code proves anything; this only says where the code goes.
 */
const KEY = 'matome.reauthentication';
/** As long as the provider's consent may take (the sign-in state lives ten minutes). */
const MAX_AGE_MS = 10 * 60_000;

/** Where the code of the sign-in goes back to, with the history state the deletion dialog reads. */
export const REAUTHENTICATION_RETURN_PATH = '/account';
export type ReauthenticationState = { reauthenticationCode: string };

export function rememberPendingReauthentication(): void {
  window.sessionStorage.setItem(KEY, String(Date.now()));
}

/**
 * Whether a re-authentication was started in this tab lately. The session that asked for it must be restored on
 * the way back, so the start-up check runs on `/auth/callback` then (AuthProvider).
 */
export function isReauthenticationPending(): boolean {
  const startedAt = Number(window.sessionStorage.getItem(KEY));
  return startedAt > 0 && Date.now() - startedAt < MAX_AGE_MS;
}

/** As isReauthenticationPending, answering true once. */
export function takePendingReauthentication(): boolean {
  const pending = isReauthenticationPending();
  window.sessionStorage.removeItem(KEY);
  return pending;
}

export function reauthenticationCodeOf(state: unknown): string | undefined {
  const code = (state as Partial<ReauthenticationState> | null)?.reauthenticationCode;
  return typeof code === 'string' ? code : undefined;
}
