import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.ts';

const key = () => randomBytes(32).toString('base64');

describe('token cipher', () => {
  it('round-trips a secret without the plaintext appearing in the sealed value', () => {
    const cipher = createTokenCipher(key());
    const sealed = cipher.seal('xoxp-very-secret', 'access');
    expect(sealed).not.toContain('xoxp');
    expect(sealed.startsWith(`${cipher.keyId}.`)).toBe(true);
    expect(cipher.open(sealed, 'access')).toBe('xoxp-very-secret');
    expect(cipher.seal('xoxp-very-secret', 'access')).not.toBe(sealed);
  });

  it('refuses another purpose, another key and an altered value', () => {
    const cipher = createTokenCipher(key());
    const sealed = cipher.seal('secret', 'refresh');
    expect(cipher.open(sealed, 'access')).toBeNull();
    expect(createTokenCipher(key()).open(sealed, 'refresh')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(cipher.open(parts.join('.'), 'refresh')).toBeNull();
  });
});
