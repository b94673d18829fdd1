import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

const MAYA = 3001;
const SUZUKI = 4001;
/** A group Maya and 鈴木 share (emulators/sandbox-seed/sandbox-chatwork-seed.ts). */
const JOINT_ROOM = 5010;

const text = {
  en: {
    connectChatwork: 'Connect ChatWork',
    connected: 'ChatWork connected: Acme Corp.',
    panel: /^Connections/,
    liveUpdates: /^Set up live updates for/,
    dialog: /^Live updates for/,
    off: /Live updates are off/,
    on: /Live updates are on/,
    settings: /^Open ChatWork’s webhook settings/,
    url: 'Webhook URL for this account',
    copy: 'Copy',
    token: 'Webhook token',
    save: 'Save token',
    list: 'Message list',
    pill: '1 new message',
    mention: 'Mention',
    seen: 'Please rotate your API keys',
  },
  jp: {
    connectChatwork: 'ChatWork を接続',
    connected: 'ChatWorkを接続しました：Acme Corp',
    panel: /^接続/,
    liveUpdates: /のリアルタイム更新を設定$/,
    dialog: /のリアルタイム更新$/,
    off: /リアルタイム更新は無効です/,
    on: /リアルタイム更新は有効です/,
    settings: /^ChatWork の Webhook 設定を開く/,
    url: 'このアカウントの Webhook URL',
    copy: 'コピー',
    token: 'Webhook トークン',
    save: 'トークンを保存',
    list: 'メッセージ一覧',
    pill: '新着 1件',
    mention: 'メンション',
    seen: 'Please rotate your API keys',
  },
} as const;

async function controlChatwork(path: string, body?: unknown, method = 'POST'): Promise<unknown> {
  const response = await fetch(`${sandboxEmulatorURLs.chatwork}/_control/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return response.json();
}

for (const language of ['en', 'jp'] as const) {
  test(`a ChatWork mention reaches the open dashboard through the webhook set up in the dialog (${language})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const copy = text[language];
    const card = (body: string) =>
      page.getByRole('list', { name: copy.list }).getByRole('article').filter({ hasText: body });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await useLanguage(page, language);
    await registerThroughMail(
      page,
      { name: 'Maya Chen', email: uniqueEmail(`cw-live-${language}`), password: 'sandbox-secret' },
      language,
    );
    await openPanel(page, copy.panel);
    await page.getByRole('button', { name: copy.connectChatwork }).click();
    await page.getByLabel('Sign in as').selectOption(String(MAYA));
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText(copy.connected)).toBeVisible();
    await expandPanel(page, copy.panel);

    // What a user does once: open ChatWork's webhook page from the dialog, create the webhook with the URL shown
    // there, and bring back the token ChatWork shows.
    await page.getByRole('button', { name: copy.liveUpdates }).click();
    const dialog = page.getByRole('dialog', { name: copy.dialog });
    await expect(dialog.getByText(copy.off)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const webhookUrl = await dialog.getByLabel(copy.url).inputValue();
    expect(webhookUrl).toMatch(/\/api\/chatwork\/webhook\/[0-9a-f-]{36}$/);
    await dialog.getByRole('button', { name: copy.copy }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(webhookUrl);
    const [chatwork] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('link', { name: copy.settings }).click(),
    ]);
    await chatwork.getByLabel('Sign in as').selectOption(String(MAYA));
    await chatwork.getByLabel('Webhook name').fill('Matome');
    await chatwork.getByLabel('Webhook URL').fill(copied);
    await chatwork.getByLabel('Mention to me').check();
    await chatwork.getByRole('button', { name: 'Create' }).click();
    const token = (await chatwork.locator('#created-token').textContent()) ?? '';
    await chatwork.close();
    const { webhooks } = (await (
      await fetch(`${sandboxEmulatorURLs.chatwork}/_control/webhooks`)
    ).json()) as { webhooks: { webhook_setting_id: string; url: string }[] };
    const webhook = webhooks.find((candidate) => candidate.url === webhookUrl)!;
    expect(webhook).toBeDefined();
    try {
      await dialog.getByLabel(copy.token).fill(token);
      await dialog.getByRole('button', { name: copy.save }).click();
      await expect(dialog.getByText(copy.on)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(card(copy.seen)).toBeVisible();

      const mention = `live check ${language} ${Date.now()}`;
      const postedAt = Date.now();
      await controlChatwork('messages', {
        room_id: JOINT_ROOM,
        account_id: SUZUKI,
        body: `[To:${MAYA}]Maya Chenさん\n${mention}`,
      });

      // Within the 2 seconds issue 16 asks for, behind the pill, so the list does not move under the reader.
      const pill = page.getByRole('button', { name: copy.pill });
      await expect(pill).toBeVisible({ timeout: 2_000 });
      const latencyMs = Date.now() - postedAt;
      test.info().annotations.push({ type: 'mention to pill (ms)', description: String(latencyMs) });
      process.stdout.write(`ChatWork mention to pill (${language}): ${latencyMs} ms\n`);
      await expect(card(mention)).toHaveCount(0);
      await expect(page).toHaveTitle(/^\(1\) /);
      await pill.click();
      await expect(card(mention)).toBeVisible();
      await expect(card(mention).getByRole('button', { name: copy.mention, exact: true })).toBeVisible();
      await expect(page).not.toHaveTitle(/^\(\d+\) /);
      const { deliveries } = (await (
        await fetch(`${sandboxEmulatorURLs.chatwork}/_control/webhooks/deliveries`)
      ).json()) as { deliveries: { webhook_setting_id: string; status: number }[] };
      expect(
        deliveries.filter((delivery) => delivery.webhook_setting_id === webhook.webhook_setting_id),
      ).toEqual([expect.objectContaining({ status: 200 })]);
    } finally {
      // ChatWork allows 5 webhooks per account, and the sandbox's Maya is shared by every journey.
      await controlChatwork(`webhooks/${webhook.webhook_setting_id}`, undefined, 'DELETE');
    }
  });
}

/**
 * Once an account is connected the list replaces the empty inbox and the panel moves beside it, collapsible: wait
 * for its toggle (the empty inbox's connect buttons may still be on screen a moment) and open it.
 */
async function expandPanel(page: Page, name: RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** The connections panel, opened if the dashboard shows it collapsed. */
async function openPanel(page: Page, name: RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name });
  const connect = page.getByRole('button', { name: /ChatWork/ });
  await expect(toggle.or(connect).first()).toBeVisible();
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
}
