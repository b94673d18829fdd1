import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, SESSION_HINT_COOKIE } from '../../contract/auth-constants.ts';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../contract/page-preloads.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const preloads: PagePreloads = {
  pages: {
    '/login': {
      signedIn: false,
      scripts: ['/assets/LoginPage-a1.js', '/assets/auth-b2.js'],
      styles: [],
      strings: { en: ['/assets/en-c3.js', '/assets/en-auth-d4.js'], jp: ['/assets/jp-e5.js'] },
    },
    '/dashboard': {
      signedIn: true,
      scripts: ['/assets/AppLayout-f6.js', '/assets/DashboardPage-g7.js', '/assets/auth-b2.js'],
      styles: ['/assets/DashboardPage-h8.css'],
      strings: {
        en: ['/assets/en-c3.js', '/assets/en-app-i9.js'],
        jp: ['/assets/jp-e5.js', '/assets/jp-app-j0.js'],
      },
    },
  },
};

/** A build as `npm run build` leaves it: index.html naming the entry, and the build's list of each page's files. */
async function builtWebApp(list: PagePreloads | string = preloads): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'matome-web-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Matome</title>' +
      '<script type="module" crossorigin src="/assets/index-k1.js" nonce="MATOME_CSP_NONCE"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(dist, path.dirname(PAGE_PRELOADS_FILE)), { recursive: true });
  await writeFile(
    path.join(dist, PAGE_PRELOADS_FILE),
    typeof list === 'string' ? list : JSON.stringify(list),
  );
  return dist;
}

/** The files a page asks the browser to fetch ahead, in order. */
function preloaded(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
}

describe('the page the server sends names the scripts its route loads', () => {
  let webApp: TestApp;
  beforeAll(async () => {
    webApp = await createTestApp({ WEB_DIST_DIR: await builtWebApp() });
  });
  afterAll(() => webApp.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    webApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

  it('starts the dashboard’s own scripts and strings with the entry, for a browser that holds a session', async () => {
    const response = await page('/dashboard', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(response.statusCode).toBe(200);
    // The strings first: the frame's hold the first paint back.
    expect(preloaded(response.body)).toEqual([
      '/assets/en-c3.js',
      '/assets/en-app-i9.js',
      '/assets/AppLayout-f6.js',
      '/assets/DashboardPage-g7.js',
      '/assets/auth-b2.js',
      '/assets/DashboardPage-h8.css',
    ]);
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DashboardPage-g7.js" nonce="',
    );
    expect(response.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/DashboardPage-h8.css"',
    );
    // Every link carries the page's own nonce, which the policy allows.
    const nonces = new Set([...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
    expect(nonces.size).toBe(1);
    const [nonce] = nonces;
    expect(nonce).not.toBe('MATOME_CSP_NONCE');
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(response.headers.vary).toContain('Cookie');
    expect(response.headers.vary).toContain('Accept-Language');
  });

  it('brings the strings of the page’s language', async () => {
    const chosen = await page('/dashboard', { cookie: `${SESSION_HINT_COOKIE}=1; ${LANGUAGE_COOKIE}=jp` });
    expect(preloaded(chosen.body)).toContain('/assets/jp-app-j0.js');
    expect(preloaded(chosen.body)).not.toContain('/assets/en-app-i9.js');
    const browser = await page('/dashboard', { cookie: `${SESSION_HINT_COOKIE}=1`, 'accept-language': 'ja' });
    expect(preloaded(browser.body)).toContain('/assets/jp-app-j0.js');
    const asked = await page('/dashboard?lang=jp', {
      cookie: `${SESSION_HINT_COOKIE}=1; ${LANGUAGE_COOKIE}=en`,
    });
    expect(preloaded(asked.body)).toContain('/assets/jp-app-j0.js');
  });

  it('starts nothing of the dashboard for a visitor who will be sent to sign in', async () => {
    const response = await page('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(preloaded(response.body)).toEqual([]);
    expect(response.body).toContain('/assets/index-k1.js');
  });

  it('gives the sign-in page only its own scripts, signed in or not', async () => {
    for (const cookie of ['', `${SESSION_HINT_COOKIE}=1`]) {
      const response = await page('/login', cookie ? { cookie } : {});
      expect(preloaded(response.body)).toEqual([
        '/assets/en-c3.js',
        '/assets/en-auth-d4.js',
        '/assets/LoginPage-a1.js',
        '/assets/auth-b2.js',
      ]);
      expect(response.body).not.toContain('Dashboard');
      expect(response.body).not.toContain('AppLayout');
    }
  });

  it('names nothing on a page the build listed nothing for, or one that does not exist', async () => {
    expect(preloaded((await page('/tags', { cookie: `${SESSION_HINT_COOKIE}=1` })).body)).toEqual([]);
    const missing = await page('/no-such-page', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(missing.statusCode).toBe(404);
    expect(preloaded(missing.body)).toEqual([]);
  });

  it('does not serve the list itself', async () => {
    const response = await page(`/${PAGE_PRELOADS_FILE}`);
    expect(response.body).not.toContain('DashboardPage');
  });
});

describe('a list of preloads that names anything but a built asset', () => {
  it('stops the server from starting rather than writing it into pages', async () => {
    const list = JSON.stringify({
      pages: {
        '/login': {
          signedIn: false,
          scripts: ['/assets/x.js"><script>alert(1)</script>'],
          styles: [],
          strings: {},
        },
      },
    });
    await expect(createTestApp({ WEB_DIST_DIR: await builtWebApp(list) })).rejects.toThrow(
      /not a built asset/,
    );
  });
});
