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

  it('opens values sealed under a previous key and seals new ones with the current key only', () => {
    const oldKey = key();
    const newKey = key();
    const before = createTokenCipher(oldKey);
    const sealedBefore = before.seal('xoxp-old', 'access');
    const rotating = createTokenCipher(newKey, [oldKey]);
    expect(rotating.open(sealedBefore, 'access')).toBe('xoxp-old');
    expect(rotating.isCurrent(sealedBefore)).toBe(false);
    const sealedAfter = rotating.seal('xoxp-new', 'access');
    expect(rotating.isCurrent(sealedAfter)).toBe(true);
    expect(sealedAfter.startsWith(`${createTokenCipher(newKey).keyId}.`)).toBe(true);
    expect(before.open(sealedAfter, 'access')).toBeNull();
    expect(createTokenCipher(newKey).open(sealedBefore, 'access')).toBeNull();
  });
});
