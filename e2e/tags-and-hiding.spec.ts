import { expect, test, type Page } from '@playwright/test';
import {
  failOnConsoleErrors,
  languages,
  messageRange as range,
  registerThroughMail,
  signInFresh,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

const TOTAL = 180;

const copy = {
  en: {
    account: 'demo-en',
    messageList: 'Message list',
    hide: /^Check and hide the message from /,
    unhide: /^Show the message from .+ again$/,
    hiddenToast: 'Message hidden.',
    hiddenManyToast: '3 messages hidden.',
    undo: 'Undo',
    hideSelected: 'Hide selected',
    confirmTitle: 'Hide 3 messages?',
    confirm: 'Hide',
    showHidden: (count: number) => `Show all hidden (${count})`,
    stopShowingHidden: (count: number) => `Stop showing hidden (${count})`,
    range: (total: number) => `1-20 / ${total}`,
  },
  jp: {
    account: 'demo-ja',
    messageList: 'メッセージ一覧',
    hide: /さんからのメッセージを確認して非表示にする$/,
    unhide: /さんからのメッセージを再表示する$/,
    hiddenToast: 'メッセージを非表示にしました。',
    hiddenManyToast: '3件のメッセージを非表示にしました。',
    undo: '元に戻す',
    hideSelected: '選択したメッセージを非表示',
    confirmTitle: '3件のメッセージを非表示にしますか？',
    confirm: '非表示にする',
    showHidden: (count: number) => `非表示をすべて表示（${count}）`,
    stopShowingHidden: (count: number) => `非表示の表示をやめる（${count}）`,
    range: (total: number) => `1-20 / ${total}`,
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

const cards = (page: Page, text: Copy) =>
  page.getByRole('list', { name: text.messageList }).getByRole('article');

for (const language of languages) {
  const text = copy[language];

  test.describe(`check and hide on the demo account (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('hide one, undo, hide three at once, survive a reload, show hidden and unhide', async ({ page }) => {
      test.setTimeout(90_000);
      await signInFresh(page, text.account);
      await expect(range(page)).toHaveText(text.range(TOTAL));
      await expect(page.getByRole('button', { name: text.showHidden(0) })).toBeDisabled();

      const first = cards(page, text).first();
      const firstId = await first.getAttribute('data-message-id');
      await first.getByRole('button', { name: text.hide }).click();
      await expect(page.locator(`[data-message-id="${firstId}"]`)).toHaveCount(0);
      await expect(range(page)).toHaveText(text.range(TOTAL - 1));
      await page.getByRole('button', { name: text.undo }).click();
      await expect(page.locator(`[data-message-id="${firstId}"]`)).toBeVisible();
      await expect(range(page)).toHaveText(text.range(TOTAL));

      await cards(page, text).first().getByRole('button', { name: text.hide }).click();
      await expect(page.getByText(text.hiddenToast)).toBeVisible();
      await expect(range(page)).toHaveText(text.range(TOTAL - 1));

      for (let index = 0; index < 3; index += 1) {
        await cards(page, text).nth(index).getByRole('checkbox').check();
      }
      await page.getByRole('button', { name: text.hideSelected }).click();
      const dialog = page.getByRole('dialog', { name: text.confirmTitle });
      await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
      await expect(page.getByText(text.hiddenManyToast)).toBeVisible();
      await expect(range(page)).toHaveText(text.range(TOTAL - 4));

      await page.reload();
      await expect(range(page)).toHaveText(text.range(TOTAL - 4));
      await page.getByRole('button', { name: text.showHidden(4) }).click();
      await expect(range(page)).toHaveText(text.range(TOTAL));
      const hiddenCards = cards(page, text).filter({ has: page.getByRole('button', { name: text.unhide }) });
      await expect(hiddenCards).toHaveCount(4);
      await hiddenCards.first().getByRole('button', { name: text.unhide }).click();
      await expect(hiddenCards).toHaveCount(3);
      await page.getByRole('button', { name: text.stopShowingHidden(3) }).click();
      await expect(range(page)).toHaveText(text.range(TOTAL - 3));

      await page.reload();
      await expect(range(page)).toHaveText(text.range(TOTAL - 3));
      await expect(page.getByRole('button', { name: text.showHidden(3) })).toBeEnabled();
    });
  });
}

test('a registered user creates, renames and deletes tags, with Japanese names in the Japanese interface', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughMail(page, {
    name: 'Tag Tester',
    email: uniqueEmail('tags'),
    password: 'correct horse battery',
  });

  await page.goto('/tags');
  await expect(page.getByText('No tags yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create your first tag' }).click();
  const create = page.getByRole('form', { name: 'New tag' });
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByPlaceholder('Enter tag name').fill('Urgent');
  await create.getByLabel('Japanese name (optional)').fill('緊急');
  await create.getByTitle('Red').click();
  await expect(create.getByRole('radio', { name: 'Red' })).toBeChecked();
  await create.getByLabel('Description (optional)').fill('Reply today');
  await create.getByRole('button', { name: 'Create' }).click();
  const list = page.getByRole('list', { name: 'Your tags' });
  await expect(list.getByRole('heading', { name: 'Urgent' })).toBeVisible();
  await expect(list.getByText('0 messages')).toBeVisible();

  await page.getByRole('button', { name: 'Create tag' }).click();
  await page.getByPlaceholder('Enter tag name').fill('urgent');
  await page.getByRole('form', { name: 'New tag' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('You already have a tag called “urgent”.')).toBeVisible();
  await page.getByPlaceholder('Enter tag name').fill('Later');
  await page.getByRole('form', { name: 'New tag' }).getByRole('button', { name: 'Create' }).click();
  await expect(list.getByRole('heading', { name: 'Later' })).toBeVisible();

  await list.getByRole('button', { name: 'Edit Urgent' }).click();
  const edit = list.getByRole('form', { name: 'Edit tag' });
  await edit.getByLabel('Name', { exact: true }).fill('Today');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('heading', { name: 'Today' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch language to 日本語' }).click();
  const japaneseList = page.getByRole('list', { name: 'タグ一覧' });
  await expect(japaneseList.getByRole('heading', { name: '緊急' })).toBeVisible();
  await expect(japaneseList.getByRole('heading', { name: 'Later' })).toBeVisible();

  await japaneseList.getByRole('button', { name: '緊急を削除' }).click();
  const dialog = page.getByRole('dialog', { name: 'このタグを削除しますか？' });
  await expect(dialog).toContainText('関連するすべてのメッセージからも削除されます。');
  await dialog.getByRole('button', { name: '削除', exact: true }).click();
  await expect(japaneseList.getByRole('heading', { name: '緊急' })).toHaveCount(0);
  await page.reload();
  await expect(japaneseList.getByRole('heading', { name: 'Later' })).toBeVisible();
  await expect(page.getByText('1件のタグ')).toBeVisible();
});
