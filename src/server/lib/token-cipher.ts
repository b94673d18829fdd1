import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const ALGORITHM = 'aes-256-gcm';

type Key = { id: string; bytes: Buffer };

function keyFrom(base64Key: string): Key {
  const bytes = Buffer.from(base64Key, 'base64');
  if (bytes.length !== 32) throw new Error('A token encryption key must be 32 bytes');
  return { id: createHash('sha256').update(bytes).digest('base64url').slice(0, 8), bytes };
}

/**
 * Seals provider secrets (access and refresh tokens, PKCE verifiers) for storage with AES-256-GCM. A sealed value
 * reads `keyId.iv.tag.ciphertext` (base64url parts): the key id names the key that sealed it. New values are
 * sealed with `currentKey`; values sealed under one of `previousKeys` still open, so keys can be rotated without
 * asking every connection to authorise again (`npm run tokens:reseal` then moves old values to the current key).
 * `purpose` is bound as associated data, so a sealed refresh token cannot be passed off as an access token.
 */
export function createTokenCipher(currentKey: string, previousKeys: readonly string[] = []) {
  const current = keyFrom(currentKey);
  const keys = new Map([current, ...previousKeys.map(keyFrom)].map((key) => [key.id, key]));

  return {
    keyId: current.id,

    seal(plaintext: string, purpose: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current.bytes, iv);
      cipher.setAAD(Buffer.from(purpose));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [current.id, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    /** The plaintext, or null when the value was sealed under a key not configured here, or was altered. */
    open(sealed: string, purpose: string): string | null {
      const [keyId, iv, tag, ciphertext] = sealed.split('.');
      const key = keyId === undefined ? undefined : keys.get(keyId);
      if (!key || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv(ALGORITHM, key.bytes, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },

    /** Whether a value is sealed under the current key. */
    isCurrent(sealed: string): boolean {
      return sealed.startsWith(`${current.id}.`);
    },
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;

/** What a ChatWork account webhook's token is sealed for (the live module seals it, key rotation re-seals it). */
export const CHATWORK_WEBHOOK_TOKEN_PURPOSE = 'chatwork-webhook-token';

/** A push subscription's p256dh and auth keys (decision 159). */
export const PUSH_KEYS_PURPOSE = 'push-subscription-keys';
