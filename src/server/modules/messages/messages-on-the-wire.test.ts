import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../contract/auth.ts';
import { slackMessageResultSchema } from '../../../contract/messages.ts';
import { bearer, nextAddress } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let token = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo-en@example.com', password: 'demo1234' },
    remoteAddress: nextAddress(),
  });
  token = authResponseSchema.parse(login.json()).tokens.accessToken;
});
afterAll(() => testApp.close());

function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
}

describe('messages on the wire', () => {
  it('sends the same JSON plain, as brotli and as gzip, as the client accepts, each with its own strong ETag', async () => {
    const plain = await get('/api/slack/messages');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(slackMessageResultSchema.parse(plain.json()).messages).toHaveLength(90);

    const br = await get('/api/slack/messages', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await get('/api/slack/messages', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const refused = await get('/api/slack/messages', { 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });

  it('answers 304 with no body to If-None-Match naming the current answer, and 200 to an old or foreign tag', async () => {
    const first = await get('/api/slack/messages', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);

    const again = await get('/api/slack/messages', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-store');

    // A weak comparison, as RFC 9110 asks of If-None-Match, also across the encodings of one answer.
    const weak = await get('/api/slack/messages', { 'if-none-match': `"nope", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    const stale = await get('/api/slack/messages', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    const otherPlatform = await get('/api/chatwork/messages', { 'if-none-match': etag });
    expect(otherPlatform.statusCode).toBe(200);
  });

  it('gives a new ETag once the messages are gathered afresh', async () => {
    const before = await get('/api/slack/messages');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await get('/api/slack/messages?refresh=1', {
      'if-none-match': String(before.headers.etag),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers.etag).not.toBe(before.headers.etag);
  });

  it('refuses a request without a valid token before looking at the cache', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/slack/messages',
      headers: { 'if-none-match': '*' },
    });
    expect(response.statusCode).toBe(401);
  });
});
