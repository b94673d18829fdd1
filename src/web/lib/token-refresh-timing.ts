/** Renew this long before the access token expires, so a request never goes out with a token about to lapse. */
const RENEW_AHEAD_MS = 60_000;
/** Never plan a renewal sooner than this, even for a token that reads as nearly expired. */
const MIN_RENEW_DELAY_MS = 5_000;

/**
 * How long to wait before renewing an access token expiring at `expirySeconds` (its `exp` claim): until a
 * minute before it expires. An unreadable expiry is renewed soon; a request that meets an expired token
 * renews it anyway (api-client.ts), so a timer throttled in a background tab costs nothing.
 */
export function renewDelayMs(expirySeconds: number | null, nowMs: number): number {
  if (expirySeconds === null) return MIN_RENEW_DELAY_MS;
  return Math.max(expirySeconds * 1000 - nowMs - RENEW_AHEAD_MS, MIN_RENEW_DELAY_MS);
}
