import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../contract/auth.ts';
import { createAccessTokens } from './access-tokens.ts';
import { tampered } from '../../test/tampered.ts';

const subject = {
  userId: '0b0f1a52-5a8e-4d5c-9d3e-2f1f7c1e9a01',
  sessionFamilyId: '6f1c2b7e-3c1d-4f0a-8e9b-5a4d3c2b1a00',
};

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('recalls a verified token at once, and refuses it from the second of its expiry on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T05:00:00.000Z'));
    const tokens = createAccessTokens('a-secret-of-at-least-thirty-two-characters');
    const token = await tokens.sign(subject);
    expect(tokens.recall(token)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual(subject);
    expect(tokens.recall(token)).toEqual(subject);
    vi.setSystemTime(new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1_000));
    expect(tokens.recall(token)).toEqual(subject);
    vi.setSystemTime(new Date(Date.now() + 1_000));
    expect(tokens.recall(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never recalls a token that failed', async () => {
    const tokens = createAccessTokens('a-secret-of-at-least-thirty-two-characters');
    const forged = tampered(await tokens.sign(subject));
    expect(await tokens.verify(forged)).toBeNull();
    expect(tokens.recall(forged)).toBeUndefined();
  });
});
