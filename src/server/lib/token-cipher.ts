import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const ALGORITHM = 'aes-256-gcm';

/**
 * Seals provider secrets (access and refresh tokens, PKCE verifiers) for storage with AES-256-GCM. A sealed value
 * reads `keyId.iv.tag.ciphertext` (base64url parts): the key id names the key that sealed it, so a value sealed
 * under another key is recognised instead of failing as corrupt. `purpose` is bound as associated data, so a
 * sealed refresh token cannot be passed off as an access token.
 */
export function createTokenCipher(base64Key: string) {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);

  return {
    keyId,

    seal(plaintext: string, purpose: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [keyId, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    /** The plaintext, or null when the value was sealed under another key or was altered. */
    open(sealed: string, purpose: string): string | null {
      const [sealedKeyId, iv, tag, ciphertext] = sealed.split('.');
      if (sealedKeyId !== keyId || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
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
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;
