import { expect, test, type Page } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
}

async function emulatorRequests(platform: keyof typeof sandboxEmulatorURLs): Promise<LoggedRequest[]> {
  const response = await fetch(`${sandboxEmulatorURLs[platform]}/_control/requests`);
  return ((await response.json()) as { requests: LoggedRequest[] }).requests;
}

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message list' }).getByRole('article').filter({ hasText: text });
const platformFilter = (page: Page, platform: 'All' | 'ChatWork' | 'Slack') =>
  page
    .getByRole('group', { name: 'Filters' })
    .getByRole('button', { name: new RegExp(`^${platform} \\(\\d+\\)$`) });

/** Starts connecting from the panel, approves on the emulator's consent page as `account`, and checks the result. */
async function connect(page: Page, button: string, account: string, result: string): Promise<void> {
  await openConnectionsPanel(page);
  await page.getByRole('button', { name: button }).click();
  await page.getByLabel('Sign in as').selectOption(account);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(result)).toBeVisible();
}

test('a new user connects Slack and ChatWork, replies on each, refreshes, disconnects and reaches the plan limit', async ({
  page,
}) => {
  test.setTimeout(120_000);

  await test.step('register, confirming the address through the mail catcher', async () => {
    await registerThroughMail(page, {
      name: 'Maya Chen',
      email: uniqueEmail('sandbox'),
      password: 'sandbox-secret',
    });
  });

  await test.step('connect ChatWork and Slack through their consent pages', async () => {
    await connect(page, 'Connect ChatWork', '3001', 'ChatWork connected: Acme Corp.');
    await connect(page, 'Connect Slack', 'T01ACME00:U01MAYA00', 'Slack connected: Acme Corp.');
  });

  await test.step('see the mentions of both platforms with their types', async () => {
    await platformFilter(page, 'ChatWork').click();
    await expect(
      card(page, 'Please rotate your API keys').getByRole('button', { name: 'Mention', exact: true }),
    ).toBeVisible();
    await expect(
      card(page, 'チケットを手配します').getByRole('button', { name: 'Reply', exact: true }),
    ).toBeVisible();
    await platformFilter(page, 'Slack').click();
    await expect(
      card(page, 'review the hotfix PR').getByRole('button', { name: 'Mention', exact: true }),
    ).toBeVisible();
    await expect(
      card(page, 'quick call this afternoon').getByRole('button', { name: 'DM', exact: true }),
    ).toBeVisible();
  });

  await test.step('reply on Slack in a thread on the message, mentioning the sender', async () => {
    const message = card(page, 'review the hotfix PR');
    await message.getByRole('button', { name: 'Reply to Raj Patel' }).click();
    await message.getByRole('textbox').pressSequentially('Reviewing it now.');
    await message.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Reply sent to Slack.')).toBeVisible();

    const posts = (await emulatorRequests('slack')).filter(
      (request) => request.path === '/api/chat.postMessage',
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      channel: 'C01RELEASES',
      text: '<@U01RAJ000> Reviewing it now.',
      thread_ts: expect.stringMatching(/^\d+\.\d{6}$/),
    });
  });

  await test.step('reply on ChatWork with the reply tag', async () => {
    await platformFilter(page, 'ChatWork').click();
    const message = card(page, 'Please rotate your API keys');
    await message.getByRole('button', { name: /^Reply to / }).click();
    await message.getByRole('textbox').pressSequentially('Done, thank you.');
    await page.keyboard.press('Control+Enter');
    await expect(page.getByText('Reply sent to ChatWork.')).toBeVisible();

    const posts = (await emulatorRequests('chatwork')).filter(
      (request) => request.method === 'POST' && request.path === '/v2/rooms/5021/messages',
    );
    expect(posts).toHaveLength(1);
    expect(JSON.stringify(posts[0]?.body)).toMatch(
      /\[rp aid=3006 to=5021-\d+\]高橋 翔さん\\nDone, thank you\./,
    );
  });

  await test.step('refresh one account', async () => {
    await platformFilter(page, 'All').click();
    await openConnectionsPanel(page);
    await page.getByRole('button', { name: /^Refresh messages from .* \(ChatWork\)$/ }).click();
    // Within 30 s of the last gathering the account is shown from it again, and the banner says so (decision 144).
    await expect(
      page.getByText(
        /^(Messages refreshed for .*: \d+ messages?|.*: shown from \d+ s ago; next fresh look in \d+ s)\.$/,
      ),
    ).toBeVisible();
  });

  await test.step('disconnect Slack', async () => {
    const usage = page.getByRole('progressbar', { name: 'Connections used' });
    await expect(usage).toHaveAttribute('aria-valuetext', '2 of 2 connections used');
    await page.getByRole('button', { name: /^Disconnect .* \(Slack\)$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText(/^Slack workspace .* disconnected\.$/)).toBeVisible();
    await expect(usage).toHaveAttribute('aria-valuetext', '1 of 2 connections used');
    await expect(card(page, 'quick call this afternoon')).toHaveCount(0);
    expect((await emulatorRequests('slack')).some((request) => request.path === '/api/auth.revoke')).toBe(
      true,
    );
  });

  await test.step('connect another Slack workspace and reach the Free plan’s limit', async () => {
    await connect(page, 'Connect Slack', 'T02HOSHI0:U02MAYA00', 'Slack connected: 星デザイン.');
    await openConnectionsPanel(page);
    await expect(page.getByRole('progressbar', { name: 'Connections used' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 2 connections used',
    );
    await expect(page.getByText('Connection limit reached')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Slack' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Connect ChatWork' })).toBeDisabled();
  });
});

for (const [language, refresh, offline] of [
  ['en', 'Refresh', 'You are offline.'],
  ['jp', '更新', 'オフラインです。'],
] as const) {
  test(`offline, the inbox says so and pauses refreshing, keeps its messages, and recovers by itself (${language})`, async ({
    page,
    context,
  }) => {
    await useLanguage(page, language);
    await registerThroughMail(
      page,
      { name: 'Maya Chen', email: uniqueEmail('offline'), password: 'sandbox-secret' },
      language,
    );
    await page
      .getByRole('button', { name: language === 'en' ? 'Connect ChatWork' : 'ChatWork を接続' })
      .click();
    await page.getByLabel('Sign in as').selectOption('3001');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();

    await context.setOffline(true);
    const button = page.getByRole('button', { name: refresh, exact: true });
    await expect(page.getByText(offline)).toBeVisible();
    // A refresh must reach the server: it waits for the network instead of failing (decision 158).
    await expect(button).toBeDisabled();
    await expect(page.getByRole('article').first()).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(offline)).toBeHidden();
    await expect(button).toBeEnabled();
  });
}
