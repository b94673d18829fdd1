import { expect, test, type Page } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  registerThroughMail,
  postInSlack,
  uniqueEmail,
  showSlackHistory,
} from './support.ts';

failOnConsoleErrors();

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message list' }).getByRole('article').filter({ hasText: text });

test('a Slack message that mentions the signed-in user appears in the open dashboard without a refresh', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughMail(page, {
    name: 'Maya Chen',
    email: uniqueEmail('live'),
    password: 'sandbox-secret',
  });
  await openConnectionsPanel(page);
  await page.getByRole('button', { name: 'Connect Slack' }).click();
  await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Slack connected: Acme Corp.')).toBeVisible();
  await page.keyboard.press('Escape');
  await showSlackHistory(page, 'en', 'review the hotfix PR');

  const text = `live check ${Date.now()}`;
  await postInSlack({ channel: 'C01GENERAL', user: 'U01KEN000', text: `<@U01MAYA00> ${text}` });

  // It waits behind the pill, so the list does not move under the reader.
  const pill = page.getByRole('button', { name: '1 new message' });
  await expect(pill).toBeVisible();
  await expect(card(page, text)).toHaveCount(0);
  await expect(page).toHaveTitle(/^\(1\) /);
  await pill.click();
  await expect(card(page, text)).toBeVisible();
  await expect(card(page, text).getByRole('button', { name: 'Mention', exact: true })).toBeVisible();
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});
