import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../config.ts';
import { expectApiError } from '../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function cspDirective(policy: string, name: string): string[] {
  const directive = policy.split(';').find((part) => part.trim().startsWith(`${name} `));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

describe('API answers', () => {
  it('are no-store downloads on sign-in, registration, refresh and every signed-in call, errors included', async () => {
    const { user, password, tokens } = await registerUser(testApp.app);
    const signedIn = bearer(tokens.accessToken);
    const requests = [
      {
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `nostore-${Date.now()}@example.com`, password: 'correct horse battery', name: 'N' },
      },
      { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } },
      { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong password' } },
      { method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } },
      { method: 'GET', url: '/api/auth/me', headers: signedIn },
      { method: 'GET', url: '/api/auth/me' },
      { method: 'GET', url: '/api/tags', headers: signedIn },
      { method: 'GET', url: '/api/tags/statistics', headers: signedIn },
      { method: 'POST', url: '/api/tags', headers: signedIn, payload: { name: 'Private' } },
      { method: 'GET', url: '/api/messages/hidden', headers: signedIn },
      { method: 'GET', url: '/api/slack/messages', headers: signedIn },
      { method: 'GET', url: '/api/chatwork/status', headers: signedIn },
      { method: 'GET', url: '/api/connections/overview', headers: signedIn },
      { method: 'GET', url: '/api/test-mode', headers: signedIn },
    ] as const;
    for (const request of requests) {
      const response = await testApp.app.inject({ ...request, remoteAddress: nextAddress() });
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
      expect(response.headers['cache-control'], `${request.method} ${request.url}`).toMatch(/\bno-store\b/);
      expect(response.headers['content-disposition'], `${request.method} ${request.url}`).toBe(
        'attachment; filename="api.json"',
      );
    }
  });
});

describe('document headers', () => {
  let dist: string;
  let webApp: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'matome-csp-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Matome</title>');
    webApp = await createTestApp({ WEB_DIST_DIR: dist }, { database: testApp.database });
  });
  afterAll(() => webApp.close());

  it('turn off the powerful browser features the app never uses', async () => {
    const response = await webApp.app.inject({ method: 'GET', url: '/dashboard' });
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it('allow images from only this origin, inline sample avatars and the hosts Slack and ChatWork serve avatars from', async () => {
    const response = await webApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(cspDirective(String(response.headers['content-security-policy']), 'img-src')).toEqual([
      "'self'",
      'data:',
      'https://*.slack-edge.com',
      'https://secure.gravatar.com',
      'https://appdata.chatwork.com',
    ]);
  });

  it('take the avatar hosts from AVATAR_HOSTS and refuse values that would change the policy', async () => {
    const custom = await createTestApp(
      { WEB_DIST_DIR: dist, AVATAR_HOSTS: 'https://avatars.example.com, https://*.cdn.example.net' },
      { database: testApp.database },
    );
    try {
      const response = await custom.app.inject({ method: 'GET', url: '/dashboard' });
      expect(cspDirective(String(response.headers['content-security-policy']), 'img-src')).toEqual([
        "'self'",
        'data:',
        'https://avatars.example.com',
        'https://*.cdn.example.net',
      ]);
    } finally {
      await custom.close();
    }
    for (const hostile of [
      "https://a.example.com; script-src 'unsafe-inline'",
      'https:',
      '*',
      "'unsafe-inline'",
    ]) {
      expect(() => loadSettings({ AVATAR_HOSTS: hostile }), hostile).toThrow(/AVATAR_HOSTS/);
    }
  });

  it('go with a page served under /api too, which stays uncached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/digest/unsubscribe?token=forged' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(cspDirective(String(response.headers['content-security-policy']), 'default-src')).toEqual([
      "'self'",
    ]);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['cache-control']).toMatch(/\bno-store\b/);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});

describe('API docs', () => {
  it('are off in production unless API_DOCS=true', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' }, { database: testApp.database });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        expectApiError(await production.app.inject({ method: 'GET', url }), 404);
      }
    } finally {
      await production.close();
    }
    const opted = await createTestApp(
      { NODE_ENV: 'production', API_DOCS: 'true' },
      { database: testApp.database },
    );
    try {
      const document = await opted.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(document.statusCode).toBe(200);
      const ui = await opted.app.inject({ method: 'GET', url: '/api/docs' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-disposition']).toBeUndefined();
      expect(document.json().paths['/api/health']).toBeDefined();
    } finally {
      await opted.close();
    }
  });
});
