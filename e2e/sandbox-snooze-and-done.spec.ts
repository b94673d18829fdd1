import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  registerMayaWithSlack,
  sandboxEmulatorURLs,
} from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    messageList: 'Message list',
    newMessages: '1 new message',
    snoozeDialog: 'Snooze the message',
    phrase: 'tomorrow 3pm',
    snoozedToast: 'Message snoozed.',
    woken: /^Snoozed · back at /,
    doneToast: 'Marked done. It comes back if its thread gets a new reply.',
    undone: 'Undone.',
    newReply: 'New reply',
  },
  jp: {
    messageList: 'メッセージ一覧',
    newMessages: '新着 1件',
    snoozeDialog: 'メッセージをスヌーズ',
    phrase: '明日15時',
    snoozedToast: 'メッセージをスヌーズしました。',
    woken: /^スヌーズ · .+に戻りました$/,
    doneToast: '完了にしました。スレッドに新しい返信があると一覧に戻ります。',
    undone: '元に戻しました。',
    newReply: '新しい返信',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

/** Posts in the Slack emulator as Ken; the emulator delivers it to the app as a signed event. */
async function postInSlack(body: { text: string; thread_ts?: string }): Promise<string> {
  const response = await fetch(`${sandboxEmulatorURLs.slack}/_control/events/post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel: 'C01GENERAL', user: 'U01KEN000', ...body }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { ts: string }).ts;
}

const list = (page: Page, text: Copy) => page.getByRole('list', { name: text.messageList });
const item = (page: Page, text: Copy, body: string) =>
  list(page, text).getByRole('listitem').filter({ hasText: body });

/** Maya, signed up in `language` and connected to Acme Corp's Slack, with a fresh mention of her on screen. */
async function mayaWithAMention(
  page: Page,
  language: 'en' | 'jp',
  text: Copy,
  body: string,
): Promise<string> {
  await registerMayaWithSlack(page, language, 'triage');

  const ts = await postInSlack({ text: `<@U01MAYA00> ${body}` });
  await page.getByRole('button', { name: text.newMessages }).click();
  await expect(item(page, text, body)).toBeVisible();
  return ts;
}

for (const language of languages) {
  const text = copy[language];

  test.describe(`snooze and done on the sandbox (${language})`, () => {
    test(`s with “${text.phrase}” snoozes; it comes back at the top, marked, once the clock passes`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.clock.install();
      const body = `snooze me ${language} ${Date.now()}`;
      await mayaWithAMention(page, language, text, body);

      // The new message is the newest: the first card.
      await page.keyboard.press('j');
      await page.keyboard.press('s');
      const dialog = page.getByRole('dialog', { name: text.snoozeDialog });
      await expect(dialog).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.type(text.phrase);
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text.snoozedToast)).toBeVisible();
      await expect(item(page, text, body)).toHaveCount(0);

      const untilPastIt = await page.evaluate(() => {
        const at = new Date();
        at.setDate(at.getDate() + 1);
        at.setHours(15, 1, 0, 0);
        return at.getTime() - Date.now();
      });
      await page.clock.fastForward(untilPastIt);
      await expect(item(page, text, body)).toBeVisible();
      await expect(list(page, text).getByRole('listitem').first()).toContainText(body);
      await expect(item(page, text, body).getByText(text.woken)).toBeVisible();
    });

    test('e marks a thread message done, u undoes it, and a reply in its thread brings it back marked', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const body = `done with this ${language} ${Date.now()}`;
      const ts = await mayaWithAMention(page, language, text, body);

      await page.keyboard.press('j');
      await page.keyboard.press('e');
      await expect(page.getByText(text.doneToast)).toBeVisible();
      await expect(item(page, text, body)).toHaveCount(0);
      await page.keyboard.press('u');
      await expect(page.getByText(text.undone)).toBeVisible();
      await expect(item(page, text, body)).toBeVisible();
      await expect(item(page, text, body).getByText(text.newReply)).toHaveCount(0);

      await item(page, text, body).getByRole('article').focus();
      await page.keyboard.press('e');
      await expect(item(page, text, body)).toHaveCount(0);

      // The reply arrives live; the thread it moves comes back at once, before the reply itself is shown.
      await postInSlack({ text: `<@U01MAYA00> here is the answer ${Date.now()}`, thread_ts: ts });
      await expect(item(page, text, body)).toBeVisible();
      await expect(item(page, text, body).getByText(text.newReply)).toBeVisible();
    });
  });
}
