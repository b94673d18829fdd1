import { expect, test } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  signUpThroughMail,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

test('a first login opens the guide; the tutorial needs all four actions, connecting resumes it, and it ends with the mentions found', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpThroughMail(page, {
    name: 'Guide Journey',
    email: uniqueEmail('onboarding'),
    password: 'correct horse battery',
  });

  const welcome = page.getByRole('dialog', { name: 'Welcome to Matome' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByText('Step 1 of 4')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await welcome.getByRole('button', { name: 'Next' }).click();

  const tutorial = page.getByRole('dialog', { name: 'Try it on sample messages' });
  const next = tutorial.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await tutorial.getByRole('button', { name: 'Tag as Important' }).first().click();
  await expect(tutorial.getByText('Important', { exact: true })).toBeVisible();
  await tutorial.getByRole('button', { name: 'Create task' }).first().click();
  await expect(tutorial.getByText('Task created')).toBeVisible();
  await tutorial.getByRole('button', { name: 'Hide' }).last().click();
  await expect(tutorial.getByRole('list', { name: 'Sample messages' }).getByRole('listitem')).toHaveCount(2);
  await expect(next).toBeDisabled();
  await tutorial.getByRole('button', { name: 'Show only messages tagged Important' }).click();
  await expect(tutorial.getByRole('list', { name: 'Sample messages' }).getByRole('listitem')).toHaveCount(1);
  await expect(next).toBeEnabled();
  await next.click();

  const connect = page.getByRole('dialog', { name: 'Connect Slack or ChatWork' });
  await expect(connect.getByRole('button', { name: 'Next' })).toBeDisabled();
  await connect.getByRole('button', { name: 'Connect ChatWork' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back from the consent page, the guide opens again where it was, now with the account connected.
  await expect(page).toHaveURL(/\/dashboard$/);
  const resumed = page.getByRole('dialog', { name: 'Connect Slack or ChatWork' });
  await expect(resumed.getByText('1 account connected.')).toBeVisible();
  await resumed.getByRole('button', { name: 'Next' }).click();

  const done = page.getByRole('dialog', { name: 'You are all set' });
  await expect(done.getByText(/^\d+ mentions? found$/)).toBeVisible({ timeout: 20_000 });
  await done.getByRole('button', { name: 'Go to my inbox' }).click();
  await expect(done).toBeHidden();
  await expect(page.getByRole('list', { name: 'Message list' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Message list' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // ?t=1 brings it back from the start and leaves the address clean; Escape skips it.
  await page.goto('/dashboard?t=1');
  await expect(page.getByRole('dialog', { name: 'Welcome to Matome' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('skipping at the first step in Japanese ends the guide for good', async ({ page }) => {
  await useLanguage(page, 'jp');
  await signUpThroughMail(
    page,
    { name: '案内 太郎', email: uniqueEmail('onboarding-jp'), password: 'correct horse battery' },
    'jp',
  );

  const welcome = page.getByRole('dialog', { name: 'まとめへようこそ' });
  await expect(welcome.getByText('ステップ 1 / 4')).toBeVisible();
  await welcome.getByRole('button', { name: 'ガイドをスキップ' }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'メッセージ' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
