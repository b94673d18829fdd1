import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, languages, signInAsDemo, useLanguage } from './support.ts';

failOnConsoleErrors();

/** Issue 21: the shared demo account tells one story of its usage on both screens, and keeps sign-ins private. */
const copy = {
  en: {
    account: 'demo-en',
    list: 'Message list',
    panel: /^Connections/,
    usage: '0 of 2 connections used',
    sample: '4 sample connections are shown for trying Matome; they do not count against your plan.',
    connections: 'Connected accounts',
    sessions: 'Signed-in sessions',
    demoNote: /shared by everyone trying Matome\. Only your own visit is shown here/,
    everywhere: 'Sign out everywhere',
    demoSignOut: 'Sign out of the demo',
  },
  jp: {
    account: 'demo-ja',
    list: 'メッセージ一覧',
    panel: /^接続/,
    usage: '2 件中 0 件を接続中',
    sample: 'お試し用のサンプル接続（4件）を表示しています。プランの接続数には含まれません。',
    connections: '連携アカウント',
    sessions: 'ログイン中のセッション',
    demoNote: /まとめをお試しの皆様で共有しています。ここにはご自身の利用分だけが表示され/,
    everywhere: 'すべての端末からログアウト',
    demoSignOut: 'デモからログアウト',
  },
} as const;

for (const language of languages) {
  const text = copy[language];

  test.describe(`the shared demo account (${language})`, () => {
    signInAsDemo(text.account);

    test('says the same about its usage on the dashboard and the account page', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/dashboard');
      await expect(page.getByRole('list', { name: text.list }).getByRole('article').first()).toBeVisible();
      await page.getByRole('button', { name: text.panel }).click();
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', text.usage);
      await expect(page.getByText(text.sample)).toBeVisible();

      await page.goto('/account');
      const connections = page.getByRole('region', { name: text.connections });
      await expect(connections.getByRole('progressbar', { name: text.usage })).toBeVisible();
      await expect(connections.getByText(text.sample)).toBeVisible();

      const sessions = page.getByRole('region', { name: text.sessions });
      await expect(sessions.getByText(text.demoNote)).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await expect(sessions.getByRole('button', { name: text.everywhere })).toHaveCount(0);
      await expect(sessions.getByRole('button', { name: text.demoSignOut })).toBeVisible();
    });
  });
}
