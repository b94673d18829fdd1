import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_META } from '../../contract/page-meta.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { pageLanguage } from './page-meta.ts';

const PUBLIC_URL = 'https://matome.example.com';

/** The shape of the built index.html: a default title and description that each page replaces. */
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta
  name="description"
  content="Default description."
/>
<meta property="csp-nonce" nonce="MATOME_CSP_NONCE"><title>Matome</title></head><body><div id="root"></div></body></html>`;

function metaContent(html: string, attribute: string, key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map(
    (match) => match[1]!,
  );
}

/** The app serving a build made of INDEX_HTML, with these settings. */
async function webAppWith(settings: Record<string, string>): Promise<TestApp> {
  const dist = await mkdtemp(path.join(tmpdir(), 'matome-web-'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  return createTestApp({ WEB_DIST_DIR: dist, ...settings });
}

describe('page metadata in the served HTML', () => {
  let webApp: TestApp;
  beforeAll(async () => {
    webApp = await webAppWith({
      PUBLIC_URL,
      SUPPORT_EMAIL: 'help@matome.example.com',
    });
  });
  afterAll(() => webApp.close());

  it.each(Object.entries(PUBLIC_PAGE_META))(
    '%s has its own title, description and Open Graph tags in both languages',
    async (url, meta) => {
      const english = await webApp.app.inject({ method: 'GET', url });
      const japanese = await webApp.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'ja,en;q=0.8' },
      });
      for (const [response, language] of [
        [english, 'en'],
        [japanese, 'jp'],
      ] as const) {
        const html = response.body;
        expect(response.headers.vary).toContain('Accept-Language');
        expect(html).toContain(`<html lang="${language === 'jp' ? 'ja' : 'en'}"`);
        expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual([
          meta[language].title,
        ]);
        expect(metaContent(html, 'name', 'description')).toEqual([meta[language].description]);
        expect(metaContent(html, 'property', 'og:title')).toEqual([meta[language].title]);
        expect(metaContent(html, 'property', 'og:description')).toEqual([meta[language].description]);
        expect(metaContent(html, 'property', 'og:locale')).toEqual([language === 'jp' ? 'ja_JP' : 'en_US']);
        expect(html).toContain(`<link rel="alternate" hreflang="ja" href="${PUBLIC_URL}${url}?lang=jp" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}${url}" />`);
      }
      expect(metaContent(japanese.body, 'property', 'og:url')).toEqual([`${PUBLIC_URL}${url}?lang=jp`]);
      expect(metaContent(english.body, 'property', 'og:url')).toEqual([`${PUBLIC_URL}${url}`]);
    },
  );

  it('lets ?lang= choose the language over the browser preference', async () => {
    const response = await webApp.app.inject({
      method: 'GET',
      url: '/terms?lang=jp',
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.body).toContain('<title>利用規約 | まとめ</title>');
  });

  it('gives every page, public or not, the support address and keeps the default title elsewhere', async () => {
    for (const url of ['/contact', '/dashboard', '/no-such-page']) {
      const response = await webApp.app.inject({ method: 'GET', url });
      expect(metaContent(response.body, 'name', 'matome:support-email'), url).toEqual([
        'help@matome.example.com',
      ]);
    }
    const dashboard = await webApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.body).toContain('<title>Matome</title>');
  });

  it('lists every public page in both languages in sitemap.xml', async () => {
    const response = await webApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(Object.keys(PUBLIC_PAGE_META).length * 2);
    expect(locations).toContain(`${PUBLIC_URL}/privacy-policy`);
    expect(locations).toContain(`${PUBLIC_URL}/privacy-policy?lang=jp`);
    expect(locations).not.toContain(`${PUBLIC_URL}/dashboard`);
  });
});

describe('pageLanguage', () => {
  it.each([
    [{}, undefined, undefined, 'en'],
    [{}, undefined, 'ja-JP,ja;q=0.9,en;q=0.8', 'jp'],
    [{}, undefined, 'en-US,en;q=0.9,ja;q=0.8', 'en'],
    [{}, undefined, 'en;q=0.5,ja;q=0.9', 'jp'],
    [{ lang: 'en' }, undefined, 'ja', 'en'],
    [{ lang: 'fr' }, undefined, 'ja', 'jp'],
    [{}, 'jp', 'en-US', 'jp'],
    [{}, 'en', 'ja', 'en'],
    [{}, 'de', 'ja', 'jp'],
    [{ lang: 'en' }, 'jp', 'ja', 'en'],
  ] as const)(
    'query %o with the stored choice %s and Accept-Language %s gives %s',
    (query, chosen, acceptLanguage, expected) => {
      expect(pageLanguage(query, chosen, acceptLanguage)).toBe(expected);
    },
  );
});

describe('language detection by location', () => {
  let webApp: TestApp;
  beforeAll(async () => {
    webApp = await webAppWith({
      REVERSE_GEOCODING_URL: 'https://geo.example.com/reverse',
    });
  });
  afterAll(() => webApp.close());

  it('tells the page the service, lets it reach that origin and lets the app alone ask for the location', async () => {
    const response = await webApp.app.inject({ method: 'GET', url: '/' });
    expect(metaContent(response.body, 'name', 'matome:reverse-geocoding-url')).toEqual([
      'https://geo.example.com/reverse',
    ]);
    expect(String(response.headers['content-security-policy'])).toContain(
      "connect-src 'self' https://geo.example.com;",
    );
    expect(String(response.headers['permissions-policy'])).toContain('geolocation=(self)');
  });

  it('is off by default: no service, no location', async () => {
    const plain = await webAppWith({});
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/' });
      expect(String(response.headers['permissions-policy'])).toContain('geolocation=()');
      expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self';");
    } finally {
      await plain.close();
    }
  });
});
