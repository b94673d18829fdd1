import { expect, test } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  followMailedLink,
  registerThroughMail,
  signInAsDemo,
  uniqueEmail,
  useLanguage,
  signInWithPassword,
} from './support.ts';

failOnConsoleErrors();

test('the account page renames, changes the password and signs out another device', async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const email = uniqueEmail('account-page');
  const password = 'correct horse battery';
  try {
    const page = await laptop.newPage();
    await useLanguage(page, 'en');
    await registerThroughMail(page, { name: 'Grace Hopper', email, password });

    const phonePage = await phone.newPage();
    await useLanguage(phonePage, 'en');
    await signInWithPassword(phonePage, email, password);
    await expect(phonePage).toHaveURL(/\/dashboard$/);

    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText(email)).toBeVisible();
    await expect(profile.getByText('Verified')).toBeVisible();
    await expect(profile.getByText('Email and password')).toBeVisible();

    await test.step('rename', async () => {
      await profile.getByRole('button', { name: 'Edit' }).click();
      await profile.getByLabel('New name').fill('Rear Admiral Hopper');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expect(profile.getByText('Rear Admiral Hopper')).toBeVisible();
      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Profile' }).getByText('Rear Admiral Hopper'),
      ).toBeVisible();
    });

    await test.step('see both sessions and end the phone’s', async () => {
      const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByText('This device')).toBeVisible();
      await sessions.getByRole('button', { name: /^Sign out (?!everywhere)/ }).click();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await phonePage.reload();
      await expect(phonePage).toHaveURL(/\/login$/);
    });

    await test.step('change the password', async () => {
      const form = page.getByRole('region', { name: 'Change password' });
      await form.getByLabel('Current password').fill(password);
      await form.getByLabel('New password').fill('an entirely new passphrase');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Your password has been changed.')).toBeVisible();
    });

    await test.step('statistics and connections are shown', async () => {
      const stats = page.getByRole('region', { name: 'Usage statistics' });
      await expect(stats.getByText('Messages processed')).toBeVisible();
      await expect(
        stats.getByRole('table', { name: 'Mentions gathered over the last 14 days' }),
      ).toBeAttached();
      const connections = page.getByRole('region', { name: 'Connected accounts' });
      await expect(connections.getByRole('progressbar', { name: '0 of 2 connections used' })).toBeVisible();
    });
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test.describe('a Japanese demo account', () => {
  signInAsDemo('demo-ja');

  test('shows the account page in Japanese with gathered mentions in the chart', async ({ page }) => {
    await useLanguage(page, 'jp');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'メッセージ' })).toBeVisible();
    // The statistics count what a gathering found: let every account's gathering finish first.
    await expect(page.getByText(/アカウント(すべて)?を更新しました/)).toBeVisible({ timeout: 20_000 });
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'プロフィール' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ログイン中のセッション' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '連携アカウント' })).toBeVisible();
    const stats = page.getByRole('region', { name: '利用統計' });
    await expect(stats.getByText('処理したメッセージ')).toBeVisible();
    await expect(stats.locator('dd').first()).not.toHaveText('0');
    await expect(page.getByRole('heading', { name: 'パスワードの変更' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('deleting the account asks for the password, signs out and leaves nothing to sign in to (jp)', async ({
  page,
}) => {
  const email = uniqueEmail('account-deletion');
  const password = 'correct horse battery';
  await useLanguage(page, 'jp');
  await registerThroughMail(page, { name: '削除 太郎', email, password }, 'jp');
  await page.goto('/account');

  const danger = page.getByRole('region', { name: '危険な操作' });
  await danger.getByRole('button', { name: 'アカウントを削除' }).click();
  const dialog = page.getByRole('dialog', { name: 'アカウントを削除しますか？' });
  await dialog.getByLabel('パスワード').fill('not the password');
  await dialog.getByRole('button', { name: 'アカウントを削除する' }).click();
  await expect(page.getByText('パスワードが正しくありません')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await dialog.getByLabel('パスワード').fill(password);
  await dialog.getByRole('button', { name: 'アカウントを削除する' }).click();
  await expect(page.getByText('アカウントを削除しました')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(
    page.getByText('ログインに失敗しました。メールアドレスとパスワードをご確認ください。'),
  ).toBeVisible();
});

test('the profile card moves the account to a new address once the link sent there is opened (jp)', async ({
  page,
}) => {
  const email = uniqueEmail('address-change');
  const newEmail = uniqueEmail('address-change-new');
  const password = 'correct horse battery';
  await useLanguage(page, 'jp');
  await registerThroughMail(page, { name: '住所 変子', email, password }, 'jp');

  await page.goto('/account');
  const profile = page.getByRole('region', { name: 'プロフィール' });
  await profile.getByRole('button', { name: 'アドレスを変更' }).click();
  await profile.getByLabel('新しいメールアドレス').fill(newEmail);
  await profile.getByLabel('現在のパスワード').fill('not the password');
  await profile.getByRole('button', { name: '確認リンクを送信' }).click();
  await expect(profile.getByRole('alert')).toHaveText('パスワードが正しくありません。');

  await profile.getByLabel('現在のパスワード').fill(password);
  await profile.getByRole('button', { name: '確認リンクを送信' }).click();
  await expect(profile.getByRole('status')).toContainText(
    `${newEmail} にリンクをお送りしました。リンクを開くとアドレスが変更されます（24時間有効）。それまでは ${email} でログインしてください。`,
  );

  await followMailedLink(page, newEmail, 'verify-email');
  await expect(page.getByRole('status')).toContainText('メールアドレスを確認しました。');
  await page.goto('/account');
  const moved = page.getByRole('region', { name: 'プロフィール' });
  await expect(moved).toContainText(newEmail);
  await expect(moved).not.toContainText(email);
});
