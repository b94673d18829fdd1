import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

export interface ScriptFile {
  pathname: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageJavaScript {
  files: ScriptFile[];
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : null);

/** Sizes built files as the server sends them: the precompressed `.gz` and `.br` beside each (decision 097). */
export function sizeScripts(assetsDir: string, pathnames: Iterable<string>): PageJavaScript {
  const files = [...pathnames].map((pathname) => {
    const file = path.join(assetsDir, pathname);
    const raw = sizeOf(file) ?? 0;
    return { pathname, raw, gzip: sizeOf(`${file}.gz`) ?? raw, brotli: sizeOf(`${file}.br`) ?? raw };
  });
  const total = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[key], 0);
  return { files, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}

interface PageVisit {
  base: string;
  pagePath: string;
  assetsDir: string;
  chromePath: string;
  chromeArgs: string[];
  /** Signs the demo account in first (in a fresh browser, so nothing is cached). */
  signIn?: { email: string; password: string };
  /** Resolves once the page shows what it is for; a page that failed to start would look cheap. */
  rendered: (page: Page) => Promise<void>;
}

/**
 * Every script a first visit to the page on a phone fetches until the network is quiet, from an empty cache and
 * without a service worker, sized as the server sends it compressed.
 */
export async function pageJavaScript(visit: PageVisit): Promise<PageJavaScript> {
  const browser = await chromium.launch({ executablePath: visit.chromePath, args: visit.chromeArgs });
  try {
    // The phone Lighthouse's mobile audits emulate: a screen that shows only what a phone shows loads only that.
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    if (visit.signIn) {
      await page.goto(`${visit.base}/favicon.svg`);
      const status = await page.evaluate(async (credentials) => {
        const response = await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-matome-csrf': '1' },
          body: JSON.stringify(credentials),
        });
        return response.status;
      }, visit.signIn);
      if (status !== 200) throw new Error(`demo sign-in answered ${status}`);
    }
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${visit.base}${visit.pagePath}`, { waitUntil: 'networkidle' });
    await visit.rendered(page);
    if (errors.length > 0) throw new Error(`${visit.pagePath} failed: ${errors.join('; ')}`);
    return sizeScripts(visit.assetsDir, scripts);
  } finally {
    await browser.close();
  }
}
