import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../contract/health.ts';
import { BODY_LIMIT_BYTES } from './app.ts';
import { loggerOptions } from './plugins/logging.ts';
import { expectApiError } from './test/api-error.ts';
import { bearer, csrfHeader, registerUser } from './test/auth-helpers.ts';
import { createTestApp, testSecrets, type TestApp } from './test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/health', () => {
  it('reports ok, the kind of database and the version', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      slack_intake: {
        private_live: false,
        workspaces: { live: 0, catching_up: 0, polling: 0, interrupted: 0 },
      },
    });
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope?x=1'],
      ['DELETE', '/api'],
    ] as const) {
      const body = expectApiError(await testApp.app.inject({ method, url }), 404);
      expect(body.code).toBe('NOT_FOUND');
    }
  });

  it('answers bodies over 1 MB with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expectApiError(response, 413);
  });

  it('answers malformed JSON and unsupported content types with a 4xx', async () => {
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectApiError(malformed, 400);
    const text = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expectApiError(text, 415);
  });

  it('rejects unknown fields, naming them', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x', isAdmin: true },
    });
    expect(expectApiError(response, 400).message).toContain('isAdmin');
  });
});

describe('security headers', () => {
  it('sends an API answer the headers that protect data, with a policy that lets it load nothing', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A document's own headers mean nothing on data and would only add bytes to every answer.
    expect(response.headers['permissions-policy']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every API route at /api/docs/json and serves the browsable UI at /api/docs', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/me',
        '/api/auth/refresh',
        '/api/auth/logout',
      ]),
    );
    expect(document.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('logging', () => {
  it('never writes passwords, tokens or Authorization headers to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('trace');
    const logged = await createTestApp(
      {},
      { logger: typeof options === 'object' ? { ...options, stream } : options },
    );
    const { app } = logged;
    try {
      const { tokens, password } = await registerUser(app, { password: 'hunter2-very-secret' });
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.accessToken) });
      await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: csrfHeader,
        cookies: { matome_refresh: tokens.refreshToken },
      });
      await app.inject({
        method: 'GET',
        url: `/api/nope?access_token=${tokens.accessToken}&code=abc123secret`,
      });
      const log = lines.join('');
      expect(log).toContain('"reqId"');
      for (const secret of [
        password,
        tokens.accessToken,
        tokens.refreshToken,
        'abc123secret',
        testSecrets.jwtSecret,
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('web app', () => {
  let dist: string;
  let webApp: TestApp;
  const appScript = `export const words = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `word-${i}`))};`;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'matome-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><meta property="csp-nonce" nonce="MATOME_CSP_NONCE"><title>Matome</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'assets', 'app-def456.js'), appScript);
    await writeFile(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(appScript));
    await writeFile(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(appScript));
    webApp = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(() => webApp.close());

  it('serves index.html uncached for every page, and with 404 for an unknown page so the app shows its error page', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/login', 200],
      ['/dashboard/', 200],
      ['/subscription/success?plan_change=true', 200],
      ['/no-such-page', 404],
      ['/no/such/page?x=1', 404],
    ] as const) {
      const response = await webApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a missing help guide or asset with a 404 in the error shape, never the app', async () => {
    for (const url of ['/docs/help_teams_en.pdf', '/docs/', '/assets/missing-123.js']) {
      const response = await webApp.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('<div id="root">');
      expectApiError(response, 404);
    }
  });

  it('sends every page a strict Content-Security-Policy and the usual hardening headers', async () => {
    const response = await webApp.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives every page a fresh style nonce that its Content-Security-Policy allows, and nothing else inline', async () => {
    const nonces = new Set<string>();
    for (const url of ['/dashboard', '/dashboard', '/index.html']) {
      const response = await webApp.app.inject({ method: 'GET', url });
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1] ?? '';
      expect(nonce).not.toBe('MATOME_CSP_NONCE');
      expect(nonce.length).toBeGreaterThanOrEqual(20);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-inline');
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('caches hashed assets immutably and serves robots.txt pointing at the sitemap', async () => {
    const asset = await webApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await webApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('User-agent');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toMatch(/^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
  });

  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['identity', undefined, (body: Buffer) => body],
  ] as const)(
    'sends the precompressed form of an asset the browser accepts (%s), cached for good and varying by encoding',
    async (acceptEncoding, encoding, decode) => {
      const response = await webApp.app.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(appScript);
      if (encoding) expect(response.rawPayload.byteLength).toBeLessThan(appScript.length);
    },
  );

  it('keeps JSON 404s for unknown API paths and non-GET page paths', async () => {
    expectApiError(await webApp.app.inject({ method: 'GET', url: '/api/unknown' }), 404);
    expectApiError(await webApp.app.inject({ method: 'POST', url: '/login' }), 404);
  });
});
