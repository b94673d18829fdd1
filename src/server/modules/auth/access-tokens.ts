import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS, accessTokenClaimsSchema } from '../../../contract/auth.ts';

export type AccessTokenSubject = { userId: string; sessionFamilyId: string };

/** Ids are uuids in the database: a token naming anything else is refused here rather than failing a query. */
const subjectClaimsSchema = accessTokenClaimsSchema.extend({
  sub: z.uuid(),
  userId: z.uuid(),
  sid: z.uuid(),
});

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(subject: AccessTokenSubject): Promise<string> {
      return new SignJWT({ userId: subject.userId, sid: subject.sessionFamilyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },

    /** Returns the subject of a valid, unexpired token, or null for anything else. */
    async verify(token: string): Promise<AccessTokenSubject | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = subjectClaimsSchema.safeParse(payload);
        if (!claims.success || claims.data.sub !== claims.data.userId) return null;
        return { userId: claims.data.userId, sessionFamilyId: claims.data.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
