import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS, accessTokenClaimsSchema } from '../../../contract/auth.ts';

export type AccessTokenSubject = { userId: string; sessionFamilyId: string };

/** Ids are uuids in the database: a token naming anything else is refused here rather than failing a query. */
const subjectClaimsSchema = z.object({
  ...accessTokenClaimsSchema.shape,
  sub: z.uuid(),
  userId: z.uuid(),
  sid: z.uuid(),
});

/**
 * Tokens already verified, by their exact text, with their expiry: checking an HMAC through WebCrypto is most of
 * the CPU a warm request costs, and a token's signature does not change. A remembered token is still refused from
 * its expiry on; whether its session is live is asked separately on every request.
 */
const VERIFIED_TOKENS_MAX = 10_000;

export function createAccessTokens(secret: string) {
  const verified = new LRUCache<string, { subject: AccessTokenSubject; expiresAt: number }>({
    max: VERIFIED_TOKENS_MAX,
  });
  // Imported once: given the raw bytes, jose would import the key again for every signature it makes or checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  /**
   * At once, for a token verified before: its subject, or null from the second of its expiry on; undefined for a
   * token never verified here (only `verify` can tell).
   */
  function recall(token: string): AccessTokenSubject | null | undefined {
    const known = verified.get(token);
    // Seconds, on the clock jose reads (`new Date()`), compared as jose compares them: a token is refused from
    // the second of its `exp` on, whether it was remembered or not.
    if (!known) return undefined;
    return Math.floor(new Date().getTime() / 1000) < known.expiresAt ? known.subject : null;
  }

  return {
    async sign(subject: AccessTokenSubject): Promise<string> {
      return new SignJWT({ userId: subject.userId, sid: subject.sessionFamilyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(await key);
    },

    recall,

    /** Returns the subject of a valid, unexpired token, or null for anything else. */
    async verify(token: string): Promise<AccessTokenSubject | null> {
      const known = recall(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const claims = subjectClaimsSchema.safeParse(payload);
        if (!claims.success || claims.data.sub !== claims.data.userId) return null;
        const subject = { userId: claims.data.userId, sessionFamilyId: claims.data.sid };
        verified.set(token, { subject, expiresAt: claims.data.exp });
        return subject;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
