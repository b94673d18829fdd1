import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Unsubscribe links that work without signing in, for their owner only (RFC 8058): `{user id}.{HMAC-SHA256}`,
 * keyed by a key of this purpose alone, derived from the server's signing secret. Nothing is stored; the link
 * stays valid as long as the secret does, as a mail's unsubscribe link should.
 */
export function createUnsubscribeTokens(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('matome digest unsubscribe v1').digest();
  const sign = (userId: string) =>
    createHmac('sha256', key).update(`digest-unsubscribe:${userId}`).digest('base64url');
  return {
    tokenFor(userId: string): string {
      return `${userId}.${sign(userId)}`;
    },
    /** The user the token was made for, or null when it is malformed or its signature does not match. */
    userOf(token: string): string | null {
      const [userId, signature, ...rest] = token.split('.');
      if (rest.length > 0 || !userId || !signature || !UUID.test(userId) || !SIGNATURE.test(signature))
        return null;
      const expected = Buffer.from(sign(userId), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
