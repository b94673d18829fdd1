import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../test/api-error.ts';
import { bearer, registerUser } from '../test/auth-helpers.ts';
import { databaseDigest } from '../test/database-digest.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { INVALID_UTF8_MESSAGE } from './json-body.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A JSON body whose `name` holds `bytes` raw, between the ASCII letters a and b. */
const bodyWithRawBytes = (bytes: number[]) =>
  Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bytes), Buffer.from('b","color":"#6B7280"}')]);

const invalidSequences: [string, number[]][] = [
  ['a lone continuation byte', [0x80]],
  ['a truncated sequence', [0xe3, 0x81]],
  ['an overlong encoding', [0xc0, 0xaf]],
  ['an encoded surrogate', [0xed, 0xa0, 0x80]],
];

describe('JSON bodies that are not UTF-8', () => {
  it.each(invalidSequences)('are refused with 400 and change nothing (%s)', async (_label, bytes) => {
    const { tokens } = await registerUser(testApp.app);
    const before = await databaseDigest(testApp.database);
    for (const [method, url] of [
      ['POST', '/api/tags'],
      ['PUT', '/api/account/profile'],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { ...bearer(tokens.accessToken), 'content-type': 'application/json' },
        payload: bodyWithRawBytes(bytes),
      });
      const error = expectApiError(response, 400);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: INVALID_UTF8_MESSAGE });
    }
    expect(await databaseDigest(testApp.database)).toEqual(before);
  });

  it('still accepts well-formed UTF-8, Japanese included', async () => {
    const { tokens } = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...bearer(tokens.accessToken), 'content-type': 'application/json' },
      payload: bodyWithRawBytes([...Buffer.from('至急')]),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ data: { name: 'a至急b' } });
  });
});
