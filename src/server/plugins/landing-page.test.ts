import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, SESSION_HINT_COOKIE } from '../../contract/auth-constants.ts';
import { landingPageFile } from '../../contract/pages.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A build as `npm run build` leaves it: the app's index.html and the landing page in each variant. */
async function builtWebApp(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'matome-web-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Matome</title></head><body>the app</body></html>',
  );
  for (const language of ['en', 'jp'] as const) {
    for (const signedIn of [false, true]) {
      const name = landingPageFile(language, signedIn);
      await writeFile(
        path.join(dist, name),
        `<!doctype html><html lang="${language === 'jp' ? 'ja' : 'en'}"><head><title>Matome</title>` +
          `<script type="module" src="/assets/landing.js" nonce="MATOME_CSP_NONCE"></script></head><body>${name}</body></html>`,
      );
    }
  }
  return dist;
}

describe('the landing page the server sends', () => {
  let webApp: TestApp;
  beforeAll(async () => {
    webApp = await createTestApp({ WEB_DIST_DIR: await builtWebApp() });
  });
  afterAll(() => webApp.close());

  const landing = (headers: Record<string, string> = {}, url = '/') =>
    webApp.app.inject({ method: 'GET', url, headers });

  it('is the built page in the language asked for, the one chosen before, or the browser’s', async () => {
    expect((await landing()).body).toContain('landing-en.html');
    expect((await landing({ 'accept-language': 'ja,en;q=0.5' })).body).toContain('landing-jp.html');
    expect((await landing({ 'accept-language': 'ja', cookie: `${LANGUAGE_COOKIE}=en` })).body).toContain(
      'landing-en.html',
    );
    expect((await landing({ cookie: `${LANGUAGE_COOKIE}=jp` }, '/?lang=en')).body).toContain(
      'landing-en.html',
    );
    const response = await landing({ cookie: `${LANGUAGE_COOKIE}=jp` });
    expect(response.body).toContain('landing-jp.html');
    expect(response.body).toContain('<html lang="ja"');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('leads a browser that holds a session to its inbox', async () => {
    const response = await landing({ cookie: `${SESSION_HINT_COOKIE}=1; ${LANGUAGE_COOKIE}=jp` });
    expect(response.body).toContain('landing-jp-signed-in.html');
  });

  it('fills in the page’s nonce and keeps the app for every other page', async () => {
    const response = await landing();
    const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).not.toBe('MATOME_CSP_NONCE');
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect((await landing({}, '/pricing')).body).toContain('the app');
  });

  it('is compressed as the browser allows, each request with its own nonce', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await landing({ 'accept-encoding': `${encoding}, identity` });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      const page = decode(response.rawPayload).toString('utf8');
      expect(page).toContain('landing-en.html');
      expect(page).not.toContain('MATOME_CSP_NONCE');
    }
    const plain = await landing({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('landing-en.html');
  });

  it('never sends a built page as a file, where its nonce would not be filled in', async () => {
    for (const url of ['/landing-en.html', '/landing-jp-signed-in.html', '/index.html']) {
      const response = await landing({}, url);
      expect(response.body, url).not.toContain('MATOME_CSP_NONCE');
    }
  });
});
