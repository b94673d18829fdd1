import { describe, expect, it } from 'vitest';
import { failureHint } from './failure-hint.ts';

const failure = (statusCode: number | null, code?: string) => ({ statusCode, code, message: 'detail' });

describe('failureHint', () => {
  it.each([
    [failure(429), 'rateLimited'],
    [failure(null, 'RATE_LIMITED'), 'rateLimited'],
    [failure(401), 'reauth'],
    [failure(403), 'reauth'],
    [failure(null, 'TOKEN_EXPIRED'), 'reauth'],
    [failure(500), 'server'],
    [failure(503), 'server'],
    [failure(0, 'NETWORK_ERROR'), 'network'],
    [failure(0, 'TIMEOUT_ERROR'), 'timeout'],
    [failure(504, 'TIMEOUT_ERROR'), 'timeout'],
    [failure(404), null],
    [failure(null, 'SOMETHING_ELSE'), null],
  ])('%o gives %s', (input, expected) => {
    expect(failureHint(input)).toBe(expected);
  });
});
