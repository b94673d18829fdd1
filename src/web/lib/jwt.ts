/** The token's `exp` (and `iat`, when present) in seconds since the epoch, or null when the token cannot be read. */
export function readTokenClaims(token: string): { exp: number; iat?: number } | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return null;
    return typeof iat === 'number' ? { exp, iat } : { exp };
  } catch {
    return null;
  }
}
