/**
 * SPEC §4 and §9's start-up check of a stored session: 3 attempts 500 ms apart; just back from an OAuth provider,
 * 5 attempts 1 s apart with the first after 2 s, since the sign-in may still be settling. Only a failure to reach
 * the server is retried: an answer that the session is gone is final.
 */
export const START_VERIFICATION = {
  normal: { attempts: 3, intervalMs: 500, initialDelayMs: 0 },
  afterOAuth: { attempts: 5, intervalMs: 1_000, initialDelayMs: 2_000 },
} as const;

export type StartOutcome<T> =
  { kind: 'verified'; value: T } | { kind: 'signed-out' } | { kind: 'unreachable' };

/** `attempt` resolves to the verified value, null when the session is gone, and throws when it could not tell. */
export async function verifyAtStart<T>(
  attempt: () => Promise<T | null>,
  options: { afterOAuth: boolean; sleep?: (ms: number) => Promise<void> },
): Promise<StartOutcome<T>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { attempts, intervalMs, initialDelayMs } = options.afterOAuth
    ? START_VERIFICATION.afterOAuth
    : START_VERIFICATION.normal;
  if (initialDelayMs > 0) await sleep(initialDelayMs);
  for (let tried = 1; ; tried += 1) {
    try {
      const value = await attempt();
      return value === null ? { kind: 'signed-out' } : { kind: 'verified', value };
    } catch {
      if (tried >= attempts) return { kind: 'unreachable' };
      await sleep(intervalMs);
    }
  }
}

/** Query keys the providers' returns carry (SPEC §2), and the sign-in callback page. */
export function isOAuthReturn(location: { pathname: string; search: string }): boolean {
  if (location.pathname === '/auth/callback') return true;
  const query = new URLSearchParams(location.search);
  return ['slack', 'chatwork', 'google', 'github'].some((key) => query.has(key));
}
