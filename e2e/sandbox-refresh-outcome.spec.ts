import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, registerThroughMail, uniqueEmail, useLanguage } from './support.ts';

failOnConsoleErrors();
// The page's requests are answered here as a proxy would; a service worker would take them out of the page's sight.
test.use({ serviceWorkers: 'block' });

const copy = {
  en: {
    connectChatwork: 'Connect ChatWork',
    refresh: 'Refresh',
    retry: 'Retry',
    nothing: 'Nothing could be gathered afresh: every account failed.',
    gathered: /Messages gathered afresh: \d+ messages/,
    reused: /^Shown from \d+ s ago; next fresh look in \d+ s\.$/,
  },
  jp: {
    connectChatwork: 'ChatWork を接続',
    refresh: '更新',
    retry: '再試行',
    nothing: '新しく取得できたアカウントはありません。すべてのアカウントで取得に失敗しました。',
    gathered: /メッセージを新しく取得しました（\d+件）/,
    reused: /^\d+ 秒前に取得した内容を表示しています。次に新しく取得できるのは \d+ 秒後です。$/,
  },
} as const;

for (const language of ['en', 'jp'] as const) {
  test(`a refresh says what it really gathered, and Retry retries (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    const text = copy[language];
    await useLanguage(page, language);
    await registerThroughMail(
      page,
      { name: 'Maya Chen', email: uniqueEmail('refresh-outcome'), password: 'sandbox-secret' },
      language,
    );
    await page.getByRole('button', { name: text.connectChatwork }).click();
    await page.getByLabel('Sign in as').selectOption('3001');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    const refresh = page.getByRole('button', { name: text.refresh, exact: true });

    await test.step('every fresh gathering answered by a proxy’s HTML page: nothing is claimed', async () => {
      await page.route(
        (url) => url.pathname.startsWith('/api/chatwork/messages/') && url.searchParams.has('refresh'),
        (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
          }),
      );
      // Right-click: a forced refresh, which asks the server to gather afresh.
      await refresh.click({ button: 'right' });
      await expect(page.getByText(text.nothing)).toBeVisible();
      await expect(page.getByText(text.gathered)).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: 'Acme' })).toBeVisible();
    });

    await test.step('the way to the server is back: Retry gathers again and the failure goes', async () => {
      await page.unrouteAll();
      await page.getByRole('alert').getByRole('button', { name: text.retry }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Acme' })).toHaveCount(0);
    });

    await test.step('a refresh within 30 s of the last gathering says it shows that one again', async () => {
      await refresh.click({ button: 'right' });
      await expect(page.getByText(text.reused)).toBeVisible();
    });
  });
}
