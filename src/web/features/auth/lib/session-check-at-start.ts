import type { User } from '../../../../contract/auth.ts';
import { renewAccessToken, takeRenewedUser } from '../../../lib/api-client.ts';
import { isReauthenticationPending } from '../../../lib/reauthentication.ts';
import { mayHoldSession } from '../../../lib/session-hint.ts';
import {
  isOAuthReturn,
  SIGN_IN_CALLBACK_PATH,
  verifyAtStart,
  type StartOutcome,
} from '../../../lib/start-verification.ts';
import { getMe } from '../api/get-me.ts';

/**
 * Whether the page checks a stored sign-in at start. The sign-in callback starts the session itself, so nothing is
 * checked (or awaited) there, unless the sign-in only confirms deleting the account: then the session that asked
 * for it comes back.
 */
export function checksSessionAtStart(): boolean {
  return window.location.pathname !== SIGN_IN_CALLBACK_PATH || isReauthenticationPending();
}

function checkSession(): Promise<StartOutcome<User>> {
  return verifyAtStart(
    // verifyAtStart spaces the attempts (SPEC §4) itself. The renewal's answer names the user, which saves asking
    // /auth/me a round trip later (docs/decisions/173); an older server's does not.
    async () => (mayHoldSession() && (await renewAccessToken()) ? (takeRenewedUser() ?? getMe()) : null),
    { afterOAuth: isOAuthReturn(window.location) },
  );
}

let startedEarly: Promise<StartOutcome<User>> | null = null;
/** The check started with the page, kept after `sessionCheckAtStart` has taken it, for `sessionCheckedAtStart`. */
let checkedEarly: Promise<unknown> = Promise.resolve();

/**
 * Starts the check as the page's script first runs (main.tsx), so the token renewal and the user's profile are
 * asked for beside the first screen's code rather than after it has all arrived and rendered: on a phone's
 * network that was more than a second of the signed-in first load.
 */
export function startSessionCheckEarly(): void {
  if (checksSessionAtStart() && !startedEarly) {
    startedEarly = checkSession();
    checkedEarly = startedEarly;
  }
}

/**
 * Settles when the check started with the page has (at once when none was started): a screen's data can then be
 * asked for if a session was found, beside the screen's first render rather than after it.
 */
export function sessionCheckedAtStart(): Promise<void> {
  return checkedEarly.then(() => undefined);
}

/** The check started early, taken once, or a new one (a page whose script did not start it, a test). */
export function sessionCheckAtStart(): Promise<StartOutcome<User>> {
  const started = startedEarly;
  startedEarly = null;
  return started ?? checkSession();
}
