import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, failOnConsoleErrors, languages, registerMayaWithSlack } from './support.ts';

failOnConsoleErrors();

// Issue 23's proof: a morning's inbox triaged with the keyboard alone, in either language. Ten messages are
// handled -- done, selected and done together, hidden, snoozed in the person's own words, tagged, and two of those
// steps undone -- and after a reload the server holds exactly what the screen showed.

const copy = {
  en: {
    messageList: 'Message list',
    createFirstTag: 'Create your first tag',
    tagName: 'Enter tag name',
    newTag: 'New tag',
    create: 'Create',
    tag: 'Urgent',
    tagSheet: 'Tags',
    done: 'Marked done. It comes back if its thread gets a new reply.',
    doneMany: '3 messages marked done. They come back if their threads get new replies.',
    undone: 'Undone.',
    hidden: 'Message hidden.',
    hideMany: 'Hide 3 messages?',
    hiddenMany: '3 messages hidden.',
    snoozeDialog: 'Snooze the message',
    snoozeDialogMany: 'Snooze 3 messages',
    phrase: 'tomorrow 3pm',
    snoozed: 'Message snoozed.',
    snoozedMany: '3 messages snoozed.',
    palette: 'Commands',
    help: 'Keyboard shortcuts',
  },
  jp: {
    messageList: 'メッセージ一覧',
    createFirstTag: '最初のタグを作成',
    tagName: 'タグ名を入力してください',
    newTag: '新しいタグ',
    create: '作成',
    tag: '至急',
    tagSheet: 'タグ',
    done: '完了にしました。スレッドに新しい返信があると一覧に戻ります。',
    doneMany: '3件のメッセージを完了にしました。スレッドに新しい返信があると一覧に戻ります。',
    undone: '元に戻しました。',
    hidden: 'メッセージを非表示にしました。',
    hideMany: '3件のメッセージを非表示にしますか？',
    hiddenMany: '3件のメッセージを非表示にしました。',
    snoozeDialog: 'メッセージをスヌーズ',
    snoozeDialogMany: '3件のメッセージをスヌーズ',
    phrase: '明日15時',
    snoozed: 'メッセージをスヌーズしました。',
    snoozedMany: '3件のメッセージをスヌーズしました。',
    palette: 'コマンド',
    help: 'キーボードショートカット',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

const cards = (page: Page, text: Copy) =>
  page.getByRole('list', { name: text.messageList }).getByRole('article');
const card = (page: Page, id: string) => page.locator(`article[data-message-id="${id}"]`);

async function focusedId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.closest<HTMLElement>('article')?.dataset.messageId);
}

async function expectFocused(page: Page, id: string) {
  await expect.poll(() => focusedId(page)).toBe(id);
}

/** Presses j until the card `id` has the focus, as a person walking down the list would. */
async function moveTo(page: Page, id: string) {
  for (let step = 0; step < 10 && (await focusedId(page)) !== id; step += 1) await page.keyboard.press('j');
  await expectFocused(page, id);
}

/** Presses Tab inside a dialog until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 15; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function toast(page: Page, message: string) {
  await expect(page.getByText(message, { exact: true }).last()).toBeVisible();
}

for (const language of languages) {
  const text = copy[language];

  test(`ten messages triaged with the keyboard alone (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await registerMayaWithSlack(page, language, 'journey');
    await page.goto('/tags');
    await page.getByRole('button', { name: text.createFirstTag }).click();
    await page.getByPlaceholder(text.tagName).fill(text.tag);
    await page.getByRole('form', { name: text.newTag }).getByRole('button', { name: text.create }).click();
    await expect(page.getByText(text.tag, { exact: true })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();

    // From here on, the keyboard only.
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(cards(page, text).nth(9)).toBeVisible();
    const ids = await cards(page, text)
      .evaluateAll((articles) => articles.slice(0, 10).map((article) => article.dataset.messageId!))
      .then((found) => found.filter(Boolean));
    expect(ids).toHaveLength(10);

    await page.keyboard.press('j');
    await expectFocused(page, ids[0]!);
    await page.keyboard.press('e');
    await toast(page, text.done);
    await expect(card(page, ids[0]!)).toHaveCount(0);

    // Three selected and done together, then undone: back in place, still selected.
    for (const id of ids.slice(1, 4)) {
      await moveTo(page, id);
      await page.keyboard.press('x');
    }
    await page.keyboard.press('e');
    await toast(page, text.doneMany);
    for (const id of ids.slice(1, 4)) await expect(card(page, id)).toHaveCount(0);
    await page.keyboard.press('u');
    await toast(page, text.undone);
    for (const id of ids.slice(1, 4)) {
      await expect(card(page, id).getByRole('checkbox')).toBeChecked();
    }
    await page.keyboard.press('Escape');
    await expect(card(page, ids[1]!).getByRole('checkbox')).not.toBeChecked();

    await moveTo(page, ids[1]!);
    await page.keyboard.press('h');
    await toast(page, text.hidden);
    await expect(card(page, ids[1]!)).toHaveCount(0);

    await moveTo(page, ids[2]!);
    await page.keyboard.press('s');
    const snoozeDialog = page.getByRole('dialog', { name: text.snoozeDialog });
    await expect(snoozeDialog).toBeVisible();
    await page.keyboard.type(text.phrase);
    await page.keyboard.press('Enter');
    await toast(page, text.snoozed);
    await expect(card(page, ids[2]!)).toHaveCount(0);

    await moveTo(page, ids[3]!);
    await page.keyboard.press('t');
    const sheet = page.getByRole('dialog', { name: text.tagSheet });
    const urgent = sheet.getByRole('checkbox', { name: text.tag });
    await tabTo(page, urgent);
    await page.keyboard.press('Space');
    await expect(urgent).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(card(page, ids[3]!).getByRole('list', { name: text.tagSheet })).toHaveText(text.tag);

    // Three snoozed together, then undone.
    for (const id of ids.slice(4, 7)) {
      await moveTo(page, id);
      await page.keyboard.press('x');
    }
    await page.keyboard.press('s');
    await expect(page.getByRole('dialog', { name: text.snoozeDialogMany })).toBeVisible();
    await page.keyboard.type(text.phrase);
    await page.keyboard.press('Enter');
    await toast(page, text.snoozedMany);
    for (const id of ids.slice(4, 7)) await expect(card(page, id)).toHaveCount(0);
    await page.keyboard.press('u');
    await toast(page, text.undone);
    for (const id of ids.slice(4, 7)) await expect(card(page, id)).toBeVisible();
    await page.keyboard.press('Escape');

    // The last three hidden together, confirmed from the keyboard.
    for (const id of ids.slice(7, 10)) {
      await moveTo(page, id);
      await page.keyboard.press('x');
    }
    await page.keyboard.press('h');
    await expect(page.getByRole('dialog', { name: text.hideMany })).toBeVisible();
    await page.keyboard.press('Enter');
    await toast(page, text.hiddenMany);

    // The palette and the help overlay pass axe.
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: text.palette })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: text.help })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // What the server kept.
    await page.reload();
    await expect(card(page, ids[3]!)).toBeVisible();
    for (const id of [ids[0]!, ids[1]!, ids[2]!, ...ids.slice(7, 10)])
      await expect(card(page, id)).toHaveCount(0);
    for (const id of ids.slice(4, 7)) await expect(card(page, id)).toBeVisible();
    await expect(card(page, ids[3]!).getByRole('list', { name: text.tagSheet })).toHaveText(text.tag);
  });
}
