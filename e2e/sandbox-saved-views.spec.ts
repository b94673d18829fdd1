import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  registerThroughMail,
  postInSlack,
  uniqueEmail,
  useLanguage,
  showSlackHistory,
} from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    connectSlack: 'Connect Slack',
    messageList: 'Message list',
    tabs: 'Saved views',
    slackFilter: /^Slack \(\d+\)$/,
    mentionFilter: /^Mentions \(\d+\)$/,
    save: 'Save as view',
    saveDialog: 'Save as a view',
    name: 'Name',
    submit: 'Save view',
    viewName: 'Acme mentions',
    renamed: 'Acme to me',
    all: 'All',
    newMessages: '1 new message',
    options: (name: string) => `Options for the view “${name}”`,
    rename: 'Rename',
    renameSubmit: 'Rename',
    moveLeft: 'Move left',
    deleteView: 'Delete view',
    confirmDelete: 'Delete view',
  },
  jp: {
    connectSlack: 'Slack を接続',
    messageList: 'メッセージ一覧',
    tabs: '保存したビュー',
    slackFilter: /^Slack（\d+）$/,
    mentionFilter: /^メンション（\d+）$/,
    save: 'ビューとして保存',
    saveDialog: 'ビューとして保存',
    name: '名前',
    submit: '保存する',
    viewName: 'Acme のメンション',
    renamed: 'Acme 宛て',
    all: 'すべて',
    newMessages: '新着 1件',
    options: (name: string) => `ビュー「${name}」の操作`,
    rename: '名前を変更',
    renameSubmit: '変更する',
    moveLeft: '左へ移動',
    deleteView: 'ビューを削除',
    confirmDelete: '削除する',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

const tabList = (page: Page, text: Copy) => page.getByRole('tablist', { name: text.tabs });
const tabNamed = (page: Page, text: Copy, name: string) =>
  tabList(page, text).getByRole('tab', { name: new RegExp(`^${name}[ （(]`) });
const countOf = async (tab: Locator) => Number(await tab.getByTestId('view-count').textContent());

for (const language of languages) {
  const text = copy[language];

  test(`a saved view counts a live mention the moment it arrives, and can be renamed, moved and deleted (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    await registerThroughMail(
      page,
      { name: 'Maya Chen', email: uniqueEmail('views'), password: 'sandbox-secret' },
      language,
    );
    await page.getByRole('button', { name: text.connectSlack }).click();
    await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
    await page.getByRole('button', { name: 'Allow' }).click();
    const list = page.getByRole('list', { name: text.messageList });
    await showSlackHistory(page, language);
    await page.keyboard.press('Escape');

    // The defaults are there, All chosen.
    await expect(tabNamed(page, text, text.all)).toHaveAttribute('aria-selected', 'true');
    await expect(tabList(page, text).getByRole('tab')).toHaveCount(3);

    await page.getByRole('button', { name: text.slackFilter }).click();
    await page.getByRole('button', { name: text.mentionFilter }).click();
    await page.getByRole('button', { name: text.save }).click();
    const dialog = page.getByRole('dialog', { name: text.saveDialog });
    await dialog.getByRole('textbox', { name: text.name }).fill(text.viewName);
    await dialog.getByRole('button', { name: text.submit }).click();
    await expect(dialog).toBeHidden();

    const saved = tabNamed(page, text, text.viewName);
    await expect(saved).toHaveAttribute('aria-selected', 'true');
    const before = await countOf(saved);
    expect(before).toBeGreaterThan(0);
    await expect(list.getByRole('article')).toHaveCount(Math.min(before, 20));
    const allBefore = await countOf(tabNamed(page, text, text.all));
    expect(await axeViolations(page)).toEqual([]);

    const body = `views live ${language} ${Date.now()}`;
    await postInSlack({ channel: 'C01GENERAL', user: 'U01KEN000', text: `<@U01MAYA00> ${body}` });
    // The count follows at once, while the message waits behind the pill.
    await expect(saved.getByTestId('view-count')).toHaveText(String(before + 1));
    await expect(tabNamed(page, text, text.all).getByTestId('view-count')).toHaveText(String(allBefore + 1));
    await page.getByRole('button', { name: text.newMessages }).click();
    await expect(list.getByRole('article').filter({ hasText: body })).toBeVisible();
    await expect(saved.getByTestId('view-count')).toHaveText(String(before + 1));

    // Rename and move from the keyboard, through the view's menu; both stay after a reload.
    await page.getByRole('button', { name: text.options(text.viewName) }).click();
    await page.getByRole('menuitem', { name: text.rename }).click();
    const rename = page.getByRole('dialog');
    await rename.getByRole('textbox', { name: text.name }).fill(text.renamed);
    await rename.getByRole('button', { name: text.renameSubmit }).click();
    const renamed = tabNamed(page, text, text.renamed);
    await expect(renamed).toBeVisible();
    await page.getByRole('button', { name: text.options(text.renamed) }).press('Enter');
    await page.getByRole('menuitem', { name: text.moveLeft }).press('Enter');
    await expect(tabList(page, text).getByRole('tab').nth(2)).toHaveAccessibleName(
      new RegExp(`^${text.renamed}`),
    );
    await page.reload();
    await expect(tabList(page, text).getByRole('tab').nth(2)).toHaveAccessibleName(
      new RegExp(`^${text.renamed}`),
    );

    // Arrows move between the tabs; the renamed view is chosen again and deleted after asking.
    await tabNamed(page, text, text.all).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(renamed).toBeFocused();
    await expect(renamed).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: text.options(text.renamed) }).click();
    await page.getByRole('menuitem', { name: text.deleteView }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirmDelete }).click();
    await expect(renamed).toHaveCount(0);
    await expect(tabList(page, text).getByRole('tab')).toHaveCount(3);
  });
}
