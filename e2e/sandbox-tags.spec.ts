import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, registerWithChatwork } from './support.ts';

failOnConsoleErrors();

const messageList = (page: Page) => page.getByRole('list', { name: 'Message list' });
const range = (page: Page) => page.getByRole('navigation', { name: 'Pages of messages (top)' }).locator('p');

test('create a tag, tag a message, filter by it, rename it, delete it; hiding survives a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerWithChatwork(page, 'Tag Journey', 'sandbox-tags');
  await expect(messageList(page).getByRole('article').first()).toBeVisible();
  const total = Number((await range(page).textContent())?.split('/ ')[1]);
  expect(total).toBeGreaterThan(1);

  await page.goto('/tags');
  await page.getByRole('button', { name: 'Create your first tag' }).click();
  await page.getByPlaceholder('Enter tag name').fill('Urgent');
  await page.getByTitle('Red').click();
  await page.getByRole('form', { name: 'New tag' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('0 messages')).toBeVisible();

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  const card = messageList(page).getByRole('article').first();
  const cardId = await card.getAttribute('data-message-id');
  const sameCard = page.locator(`[data-message-id="${cardId}"]`);
  await card.getByRole('button', { name: 'Add or edit tags' }).click();
  const sheet = page.getByRole('dialog', { name: 'Tags' });
  await sheet.getByRole('checkbox', { name: 'Urgent' }).check();
  await expect(sheet.getByText('Saving…')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sameCard.getByRole('list', { name: 'Tags' })).toHaveText('Urgent');

  await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Urgent (1)' });
  await expect(range(page)).toHaveText('1-1 / 1');
  await page.reload();
  await expect(sameCard.getByRole('list', { name: 'Tags' })).toHaveText('Urgent');

  await page.goto('/tags');
  await expect(page.getByText('1 message', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Urgent' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Today');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(sameCard.getByRole('list', { name: 'Tags' })).toHaveText('Today');

  await page.goto('/tags');
  await page.getByRole('button', { name: 'Delete Today' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No tags yet')).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(sameCard).toBeVisible();
  await expect(sameCard.getByRole('list', { name: 'Tags' })).toHaveCount(0);

  await sameCard.getByRole('button', { name: /^Check and hide/ }).click();
  await expect(sameCard).toHaveCount(0);
  await expect(range(page)).toContainText(`/ ${total - 1}`);
  await page.reload();
  await expect(range(page)).toContainText(`/ ${total - 1}`);
  await expect(page.getByRole('button', { name: 'Show all hidden (1)' })).toBeEnabled();
});
