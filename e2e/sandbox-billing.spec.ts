import { expect, test, type Page } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  registerThroughMail,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

const password = 'correct horse battery';

/** On the Stripe emulator's hosted Checkout page: pays with the test card that succeeds. */
async function payOnCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

function planCard(page: Page, plan: 'free' | 'pro' | 'proplus') {
  return page.getByTestId(`plan-${plan}`);
}

test('Free to Pro through Checkout, Pro Plus, cancel at period end, keep, portal, and deletion refused while subscribed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('billing');
  await registerThroughMail(page, { name: 'Grace Hopper', email, password });

  await test.step('a free account may connect 2', async () => {
    await openConnectionsPanel(page);
    await expect(page.getByText('0 of 2 connections used')).toBeVisible();
  });

  await test.step('upgrade to Pro through Stripe Checkout: the limit rises to 5', async () => {
    await page.goto('/pricing');
    await expect(planCard(page, 'pro').getByText('Popular')).toBeVisible();
    await expect(planCard(page, 'free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await planCard(page, 'pro').getByRole('button', { name: 'Upgrade' }).click();
    await payOnCheckout(page);
    await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByText('Next steps')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await openConnectionsPanel(page);
    await expect(page.getByText('0 of 5 connections used')).toBeVisible();
  });

  await test.step('change Pro to Pro Plus', async () => {
    await page.goto('/pricing');
    await expect(page.getByTestId('current-plan-banner')).toContainText('Your plan: Pro');
    await expect(planCard(page, 'pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await planCard(page, 'proplus').getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByText('Your plan has been changed to Pro Plus')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription\/success\?plan_change=true$/);
    await expect(page.getByText('Pro Plus', { exact: true })).toBeVisible();
  });

  await test.step('switch to Free: the plan ends at the end of the period, then keep it', async () => {
    await page.goto('/pricing');
    await planCard(page, 'free').getByRole('button', { name: 'Switch to Free' }).click();
    await expect(
      page.getByText('Your plan will change to Free at the end of the current period'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your plan will change to Free');
    await expect(
      page.getByText(/^You keep Pro Plus until .+; then your account moves to the Free plan\./),
    ).toBeVisible();
    await expect(page.getByText(/Connect more Slack workspaces/)).toHaveCount(0);
    await page.goto('/pricing');
    const banner = page.getByTestId('current-plan-banner');
    await expect(banner).toContainText('Ends on');
    await banner.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(page.getByText('Your plan will continue')).toBeVisible();
    await expect(banner).toContainText('Renews on');
  });

  await test.step('open the Billing Portal and come back', async () => {
    await page.getByRole('button', { name: 'Manage plan' }).click();
    await expect(page.getByRole('heading', { name: 'Manage your subscription' })).toBeVisible();
    await expect(page.getByText('Matome Pro Plus')).toBeVisible();
    await page.getByRole('link', { name: '← Return' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  await test.step('deleting the account is refused while subscribed', async () => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(
      page.getByText('Please cancel your subscription before deleting your account'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('#subscription')).toBeFocused();
    await expect(page).toHaveURL(/\/account$/);
  });
});

test('a cancelled checkout lands on the cancel page, and a signed-out visitor is asked to log in', async ({
  page,
}) => {
  await page.goto('/pricing');
  // The button is shown as disabled (aria-disabled) yet answers a click, as SPEC §6 asks.
  await planCard(page, 'pro').getByRole('button', { name: 'Login Required' }).click({ force: true });
  await expect(page.getByText('Please login to subscribe')).toBeVisible();

  await registerThroughMail(page, { name: 'Alan Kay', email: uniqueEmail('billing-cancel'), password });
  await page.goto('/pricing');
  await planCard(page, 'pro').getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('link', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/subscription\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to pricing' }).click();
  await expect(planCard(page, 'free').getByRole('button', { name: 'Current Plan' })).toBeVisible();
});

test('a Japanese reader upgrades to Pro (jp)', async ({ page }) => {
  await useLanguage(page, 'jp');
  await registerThroughMail(page, { name: '山田 花子', email: uniqueEmail('billing-jp'), password }, 'jp');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: '料金プラン' })).toBeVisible();
  await expect(planCard(page, 'pro').getByText('人気')).toBeVisible();
  await planCard(page, 'pro').getByRole('button', { name: 'アップグレード' }).click();
  await payOnCheckout(page);
  await expect(page.getByRole('heading', { name: 'ありがとうございます！' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('有効');
  await expect(page.getByText('次回更新日')).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByTestId('current-plan-banner')).toContainText('現在のプラン：プロ');
});
