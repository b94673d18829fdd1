import { describe, expect, it } from 'vitest';
import { readTokenClaims } from './jwt.ts';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (claims: object) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(claims))}.sig`;

describe('readTokenClaims', () => {
  it('reads the exp claim', () => {
    expect(readTokenClaims(tokenWith({ sub: 'u', userId: 'u', exp: 1_900_000_000 }))).toEqual({
      exp: 1_900_000_000,
    });
    expect(readTokenClaims(tokenWith({ exp: 1_900_000_900, iat: 1_900_000_000 }))).toEqual({
      exp: 1_900_000_900,
      iat: 1_900_000_000,
    });
  });

  it('returns null for tokens it cannot read', () => {
    expect(readTokenClaims('not-a-jwt')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
    expect(readTokenClaims(tokenWith({ sub: 'u' }))).toBeNull();
  });
});
