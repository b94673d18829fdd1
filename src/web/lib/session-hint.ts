import { SESSION_HINT_COOKIE } from '../../contract/auth-constants.ts';

/** Whether this browser may hold a session: the server sets the hint cookie beside the HttpOnly refresh cookie. */
export function mayHoldSession(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim() === `${SESSION_HINT_COOKIE}=1`);
}
