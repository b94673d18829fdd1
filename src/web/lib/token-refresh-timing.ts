const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

const EXPIRING_SOON_MS = 12 * HOUR_MS;
const MIN_REFRESH_DELAY_MS = 5 * MINUTE_MS;
export const REFRESH_CHECK_INTERVAL_MS = 6 * HOUR_MS;
/** setTimeout fires at once for delays above 2^31 - 1 ms, which would refresh in a tight loop. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** A token is expiring soon when 12 hours or less remain; an unreadable expiry counts as expiring. */
export function isExpiringSoon(expirySeconds: number | null, nowMs: number): boolean {
  return expirySeconds === null || expirySeconds * 1000 - nowMs <= EXPIRING_SOON_MS;
}

/**
 * How long to wait before refreshing: until 12 hours before expiry, but at least 5 minutes from now.
 * Null when 5 minutes or less remain, where a scheduled refresh would race the expiry itself.
 */
export function refreshDelayMs(expirySeconds: number | null, nowMs: number): number | null {
  if (expirySeconds === null) return null;
  const remainingMs = expirySeconds * 1000 - nowMs;
  if (remainingMs <= MIN_REFRESH_DELAY_MS) return null;
  return Math.min(Math.max(remainingMs - EXPIRING_SOON_MS, MIN_REFRESH_DELAY_MS), MAX_TIMER_DELAY_MS);
}
