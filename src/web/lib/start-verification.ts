/**
 * SPEC §4 and §9's start-up check of a stored session: 3 attempts 500 ms apart; just back from an OAuth provider,
 * 5 attempts 1 s apart with 2 s before the second, since the server may still be settling. The first attempt is
 * always made at once, so a return from a provider shows its outcome without waiting (decision 143). Only a
 * failure to reach the server is retried: an answer that the session is gone is final.
 */
export const START_VERIFICATION = {
  normal: { attempts: 3, intervalMs: 500, firstRetryDelayMs: 500 },
  afterOAuth: { attempts: 5, intervalMs: 1_000, firstRetryDelayMs: 2_000 },
} as const;

export type StartOutcome<T> =
  { kind: 'verified'; value: T } | { kind: 'signed-out' } | { kind: 'unreachable' };

/** `attempt` resolves to the verified value, null when the session is gone, and throws when it could not tell. */
export async function verifyAtStart<T>(
  attempt: () => Promise<T | null>,
  options: { afterOAuth: boolean; sleep?: (ms: number) => Promise<void> },
): Promise<StartOutcome<T>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { attempts, intervalMs, firstRetryDelayMs } = options.afterOAuth
    ? START_VERIFICATION.afterOAuth
    : START_VERIFICATION.normal;
  for (let tried = 1; ; tried += 1) {
    try {
      const value = await attempt();
      return value === null ? { kind: 'signed-out' } : { kind: 'verified', value };
    } catch {
      if (tried >= attempts) return { kind: 'unreachable' };
      await sleep(tried === 1 ? firstRetryDelayMs : intervalMs);
    }
  }
}

/**
 * Where a Google or GitHub sign-in lands (decision 101). Nothing is checked at start there (SPEC §4): the page
 * trades its code for the session, and a renewal of an earlier session running beside it could overtake it. The
 * exception is a sign-in made again to confirm deleting the account, whose session must come back (AuthProvider).
 */
export const SIGN_IN_CALLBACK_PATH = '/auth/callback';

/** Query keys the providers' returns to a connection or a sign-in error carry (SPEC §2). */
export function isOAuthReturn(location: { search: string }): boolean {
  const query = new URLSearchParams(location.search);
  return ['slack', 'chatwork', 'google', 'github'].some((key) => query.has(key));
}
