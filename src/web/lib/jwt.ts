import { accessTokenClaimsSchema } from '../../contract/auth.ts';

const expiryClaimSchema = accessTokenClaimsSchema.pick({ exp: true });

/** The token's `exp` claim in seconds since the epoch, or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = expiryClaimSchema.safeParse(JSON.parse(json));
    return claims.success ? claims.data.exp : null;
  } catch {
    return null;
  }
}
