import { describe, expect, it } from 'vitest';
import { readTokenExpiry } from './jwt.ts';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (claims: object) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(claims))}.sig`;

describe('readTokenExpiry', () => {
  it('reads the exp claim', () => {
    expect(readTokenExpiry(tokenWith({ sub: 'u', userId: 'u', exp: 1_900_000_000 }))).toBe(1_900_000_000);
  });

  it('returns null for tokens it cannot read', () => {
    expect(readTokenExpiry('not-a-jwt')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(tokenWith({ sub: 'u' }))).toBeNull();
  });
});
