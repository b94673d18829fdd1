import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type CDPSession, type Page } from '@playwright/test';
import { failOnConsoleErrors, languages, signInAsDemo, useLanguage } from './support.ts';

/** The installable app (issue 25, docs/decisions/158): manifest, service worker, offline start, kept inbox. */
failOnConsoleErrors();
// The other journeys block the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

const offlineCopy = {
  en: { title: 'You are offline.', login: 'Login' },
  jp: { title: 'オフラインです。', login: 'ログイン' },
} as const;

/** Waits until this origin's service worker is active and serves the page. */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** The request URLs the "keep my inbox on this device" cache holds, or null when there is no such cache. */
function keptInbox(page: Page): Promise<string[] | null> {
  return page.evaluate(async () => {
    if (!(await caches.has('matome-inbox'))) return null;
    const cache = await caches.open('matome-inbox');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

test('Chromium finds the app installable, with the manifest the issue asks for', async () => {
  // A browser profile of its own: Chromium never offers to install from an incognito window, which a test's
  // usual context is.
  const { baseURL, launchOptions } = test.info().project.use;
  const profile = mkdtempSync(path.join(tmpdir(), 'matome-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await serviceWorkerControls(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await checkManifest(page, cdp);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function checkManifest(page: Page, cdp: CDPSession): Promise<void> {
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    lang: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Matome',
    short_name: 'Matome',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#f8fafc',
    lang: 'en',
  });
  const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
  }
}

for (const language of languages) {
  test(`opens without a network and says it is offline (${language})`, async ({ page, context }) => {
    const text = offlineCopy[language];
    await useLanguage(page, language);
    await page.goto('/login');
    await serviceWorkerControls(page);
    await expect(page.getByRole('button', { name: text.login, exact: true })).toBeEnabled();

    await context.setOffline(true);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: text.title });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('button', { name: text.login, exact: true })).toBeDisabled();

    // The landing page's address opens the app too, rather than the browser's error page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(banner).toBeVisible();

    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await expect(page.getByRole('button', { name: text.login, exact: true })).toBeEnabled();
  });
}

test.describe('keep my inbox on this device', () => {
  signInAsDemo('demo-en');

  test('keeps nothing while off; keeps the message lists while on; off and logging out forget them', async ({
    page,
    context,
  }) => {
    const setting = page.getByRole('checkbox', { name: 'Keep my inbox on this device' });
    await page.goto('/account');
    await serviceWorkerControls(page);
    await expect(setting).not.toBeChecked();

    // Off: the lists pass through, and nothing of them answers without a network.
    await page.goto('/dashboard');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await keptInbox(page)).toBeNull();

    await page.goto('/account');
    await setting.check();
    await expect(setting).toBeChecked();
    await page.goto('/dashboard');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect.poll(async () => (await keptInbox(page))?.length ?? 0).toBeGreaterThan(0);
    const kept = (await keptInbox(page))!;
    expect(kept.every((pathname) => /^\/api\/(slack|chatwork)\/messages(\/[^/]+)?$/.test(pathname))).toBe(
      true,
    );

    // Without a network the kept list still answers; an answer the setting does not cover does not.
    await context.setOffline(true);
    const offline = await page.evaluate(
      async ([listPath]) => {
        const list = await fetch(listPath!).then(
          (response) => response.status,
          () => 'failed',
        );
        const tags = await fetch('/api/tags').then(
          (response) => response.status,
          () => 'failed',
        );
        return { list, tags };
      },
      [kept[0]],
    );
    expect(offline).toEqual({ list: 200, tags: 'failed' });
    await context.setOffline(false);

    // Off: everything kept is gone at once.
    await page.goto('/account');
    await setting.uncheck();
    await expect(setting).not.toBeChecked();
    expect(await keptInbox(page)).toBeNull();

    // On again, then logging out forgets the lists and turns the setting off.
    await setting.check();
    await page.goto('/dashboard');
    await expect.poll(async () => (await keptInbox(page))?.length ?? 0).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => keptInbox(page)).toBeNull();
    expect(await page.evaluate(() => caches.has('matome-keep-inbox-on'))).toBe(false);
  });
});
