import { ACCESS_TOKEN_TTL_SECONDS } from '../../contract/auth-constants.ts';

/**
 * SPEC §4's refresh schedule was written for a 24-hour access token: renew when 12 hours or less remain, plan the
 * renewal 12 hours ahead but at least 5 minutes away, check every 6 hours. Matome's access tokens live minutes
 * (decision 062), so the same proportions apply to the token's own lifetime (docs/decisions/122).
 */
export interface RefreshThresholds {
  /** At or under this much time left, the token counts as expiring and is renewed at once. */
  expiringWithinMs: number;
  /** A planned renewal happens this long before expiry… */
  renewAheadMs: number;
  /** …but never sooner than this from now; with this little left nothing is planned (the check catches it). */
  minimumDelayMs: number;
  /** How often a check renews a token that is expiring, in case a timer was throttled or lost. */
  checkEveryMs: number;
}

const SPEC_LIFETIME_MS = 24 * 3_600_000;

export function thresholdsFor(lifetimeMs: number): RefreshThresholds {
  const scale = lifetimeMs / SPEC_LIFETIME_MS;
  return {
    expiringWithinMs: 12 * 3_600_000 * scale,
    renewAheadMs: 12 * 3_600_000 * scale,
    // 5 minutes of 24 hours is 1/288 of a 15-minute token (about 3 s); a floor keeps renewals from crowding.
    minimumDelayMs: Math.max(5 * 60_000 * scale, 5_000),
    checkEveryMs: Math.max(6 * 3_600_000 * scale, 10_000),
  };
}

export type RefreshPlan =
  { kind: 'renew-now' } | { kind: 'renew-in'; delayMs: number } | { kind: 'wait-for-check' };

/** At start-up (and after each renewal): renew now when expiring, else plan the renewal. */
export function planRefresh(
  expiryMs: number,
  nowMs: number,
  thresholds: RefreshThresholds,
  startingUp: boolean,
): RefreshPlan {
  const remaining = expiryMs - nowMs;
  if (startingUp && remaining <= thresholds.expiringWithinMs) return { kind: 'renew-now' };
  if (remaining <= thresholds.minimumDelayMs) return { kind: 'wait-for-check' };
  return {
    kind: 'renew-in',
    delayMs: Math.max(remaining - thresholds.renewAheadMs, thresholds.minimumDelayMs),
  };
}

export interface TokenClaims {
  /** Seconds since the epoch. */
  exp: number;
  iat?: number;
}

export interface TokenRefreshDependencies {
  /** The current access token's claims, or null when there is no readable token. */
  readClaims: () => TokenClaims | null;
  /** Asks for a new access token (through the refresh cookie); false when the session is gone. */
  renew: () => Promise<boolean>;
  /** Loads the user again after a renewal. */
  reloadUser: () => Promise<void>;
  /** Clears the session and goes to /login. */
  onFailure: () => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  setRepeating?: (callback: () => void, ms: number) => unknown;
  clearRepeating?: (timer: unknown) => void;
}

/** Keeps the access token fresh while the app runs: started after sign-in, stopped on sign-out. */
export function createTokenRefreshService(dependencies: TokenRefreshDependencies) {
  const now = dependencies.now ?? Date.now;
  const setTimer = dependencies.setTimer ?? ((callback, ms) => window.setTimeout(callback, ms));
  const clearTimer = dependencies.clearTimer ?? ((timer) => window.clearTimeout(timer as number));
  const setRepeating = dependencies.setRepeating ?? ((callback, ms) => window.setInterval(callback, ms));
  const clearRepeating = dependencies.clearRepeating ?? ((timer) => window.clearInterval(timer as number));
  let timer: unknown = null;
  let check: unknown = null;
  let running = false;
  let inFlight: Promise<void> | null = null;

  const thresholds = (claims: TokenClaims) =>
    thresholdsFor(
      claims.iat !== undefined ? (claims.exp - claims.iat) * 1000 : ACCESS_TOKEN_TTL_SECONDS * 1000,
    );

  function cancelTimer() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function refresh(): Promise<void> {
    inFlight ??= (async () => {
      cancelTimer();
      try {
        if (!(await dependencies.renew())) throw new Error('session ended');
        await dependencies.reloadUser();
      } catch {
        if (running) {
          stop();
          dependencies.onFailure();
        }
        return;
      }
      if (running) schedule(false);
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function schedule(startingUp: boolean) {
    cancelTimer();
    const claims = dependencies.readClaims();
    if (!claims) {
      stop();
      dependencies.onFailure();
      return;
    }
    const plan = planRefresh(claims.exp * 1000, now(), thresholds(claims), startingUp);
    if (plan.kind === 'renew-now') void refresh();
    else if (plan.kind === 'renew-in') timer = setTimer(() => void refresh(), plan.delayMs);
  }

  function stop() {
    running = false;
    cancelTimer();
    if (check !== null) clearRepeating(check);
    check = null;
  }

  return {
    start() {
      if (running) return;
      running = true;
      const claims = dependencies.readClaims();
      const every = claims
        ? thresholds(claims).checkEveryMs
        : thresholdsFor(ACCESS_TOKEN_TTL_SECONDS * 1000).checkEveryMs;
      check = setRepeating(() => {
        const current = dependencies.readClaims();
        if (!current || current.exp * 1000 - now() <= thresholds(current).expiringWithinMs) void refresh();
      }, every);
      schedule(true);
    },
    stop,
    /** For tests and callers that must wait for a renewal under way. */
    whenSettled: () => inFlight ?? Promise.resolve(),
  };
}
