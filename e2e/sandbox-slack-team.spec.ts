import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
  showSlackHistory,
} from './support.ts';

failOnConsoleErrors();

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message list' }).getByRole('article').filter({ hasText: text });

async function slackControl(path: string, body: unknown): Promise<{ ts: string }> {
  const response = await fetch(`${sandboxEmulatorURLs.slack}/_control/events/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { ts: string };
}

/** A person of Acme Corp in a browser of their own, signed up and connected as `slackUser`. */
async function colleague(browser: Browser, name: string, slackUser: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await registerThroughMail(page, { name, email: uniqueEmail('team'), password: 'sandbox-secret' });
  await openConnectionsPanel(page);
  await page.getByRole('button', { name: 'Connect Slack' }).click();
  await page.getByLabel('Sign in as').selectOption(`T01ACME00:${slackUser}`);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Slack connected: Acme Corp.')).toBeVisible();
  await page.keyboard.press('Escape');
  return page;
}

test('two colleagues of one workspace: a private-channel mention reaches only its member, live, and goes when deleted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const maya = await colleague(browser, 'Maya Chen', 'U01MAYA00');
  const yuki = await colleague(browser, 'Yuki Tanaka', 'U01YUKI00');
  // Their history first: when the workspace's shared search budget is spent (other journeys), it arrives up to a
  // minute later as new messages, and would be counted with the live mention below.
  await showSlackHistory(maya, 'en', 'review the hotfix PR');
  await showSlackHistory(yuki);

  const text = `launch moved to 5pm ${Date.now()}`;
  const { ts } = await slackControl('post', {
    channel: 'C01LAUNCH',
    user: 'U01KEN000',
    text: `<@U01MAYA00> ${text}`,
  });
  const pill = maya.getByRole('button', { name: '1 new message' });
  await expect(pill).toBeVisible({ timeout: 2_000 });
  await pill.click();
  await expect(card(maya, text)).toBeVisible();

  // Yuki is not in #launch-plan: a public mention of her, sent after, arrives first and alone.
  const later = `all hands at 6 ${Date.now()}`;
  await slackControl('post', { channel: 'C01GENERAL', user: 'U01KEN000', text: `<@U01YUKI00> ${later}` });
  await yuki.getByRole('button', { name: '1 new message' }).click();
  await expect(card(yuki, later)).toBeVisible();
  await expect(card(yuki, text)).toHaveCount(0);

  await slackControl('delete', { channel: 'C01LAUNCH', ts });
  await expect(card(maya, text)).toHaveCount(0);
  await maya.reload();
  await showSlackHistory(maya, 'en', 'review the hotfix PR');
  await expect(card(maya, text)).toHaveCount(0);
});
