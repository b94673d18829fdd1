import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { defaultDemoAccounts, DEFAULT_DEMO_PASSWORD } from '../src/contract/demo.ts';
import type { Language } from '../src/contract/auth-constants.ts';
import { SCREENSHOT_SIZE } from '../src/contract/landing-screenshots.ts';
import { startBuiltApp } from './built-app.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * `npm run screenshots`: the landing page's showcase images, taken from the built app signed in as each language's
 * demo account, so the page shows the product as it really is. Each capture is re-encoded as WebP in the browser
 * and lowered in quality until it fits MAX_BYTES; the files land beside the component that imports them. Emoji in
 * the sample messages need a colour emoji font (Debian: fonts-noto-color-emoji).
 */

const MAX_BYTES = 80 * 1024;
const QUALITIES = [0.8, 0.72, 0.64, 0.56, 0.48];
const outputDir = fileURLToPath(new URL('../src/web/features/landing/screenshots/', import.meta.url));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const skipGuide: Record<Language, string> = { en: 'Skip the guide', jp: 'ガイドをスキップ' };
const messagesHeading: Record<Language, string> = { en: 'Messages', jp: 'メッセージ' };
const tagsHeading: Record<Language, string> = { en: 'Tags', jp: 'タグ' };

const print = (line: string) => process.stdout.write(`${line}\n`);

async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/login`);
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-matome-csrf': '1' },
        body: JSON.stringify({ email, password }),
      });
      return response.status;
    },
    { email, password: DEFAULT_DEMO_PASSWORD },
  );
  if (status !== 200) throw new Error(`signing in ${email} answered ${status}`);
}

/** A first sign-in opens the onboarding guide over the dashboard; the showcase shows the inbox itself. */
async function closeGuideIfOpen(page: Page, language: Language): Promise<void> {
  const skip = page.getByRole('button', { name: skipGuide[language] });
  try {
    await skip.waitFor({ timeout: 5_000 });
  } catch {
    return;
  }
  await skip.click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function toWebp(encoder: Page, png: Buffer): Promise<Buffer> {
  for (const quality of QUALITIES) {
    const dataUrl = await encoder.evaluate(
      async ({ source, quality }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d')!.drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', quality);
      },
      { source: `data:image/png;base64,${png.toString('base64')}`, quality },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (webp.length <= MAX_BYTES) return webp;
  }
  throw new Error(`no WebP quality brings the capture under ${MAX_BYTES} bytes`);
}

async function capture(browser: Browser, base: string, language: Language, email: string): Promise<void> {
  const context = await browser.newContext({
    viewport: SCREENSHOT_SIZE,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  try {
    await context.addInitScript((stored) => window.localStorage.setItem('matome.language', stored), language);
    const page = await context.newPage();
    await signIn(page, base, email);

    await page.goto(`${base}/dashboard`);
    await closeGuideIfOpen(page, language);
    await page.getByRole('heading', { level: 2, name: messagesHeading[language] }).waitFor();
    await page.locator('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    const shots = { inbox: await page.screenshot({ type: 'png' }) };

    await page.goto(`${base}/tags`);
    await page.getByRole('heading', { level: 1, name: tagsHeading[language] }).waitFor();
    await page.waitForLoadState('networkidle');
    const tags = await page.screenshot({ type: 'png' });

    const encoder = await context.newPage();
    for (const [name, png] of Object.entries({ ...shots, tags })) {
      const webp = await toWebp(encoder, png);
      const file = `${outputDir}${name}-${language}.webp`;
      writeFileSync(file, webp);
      print(`${file}  ${(webp.length / 1024).toFixed(1)} kB`);
    }
  } finally {
    await context.close();
  }
}

ensureWebBuild();
const app = await startBuiltApp();
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
try {
  for (const { email, language } of defaultDemoAccounts) await capture(browser, app.base, language, email);
} finally {
  await browser.close();
  await app.stop();
}
