import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
} from './support.ts';

failOnConsoleErrors();

/**
 * The sandbox seeds Maya's events from 150 minutes before now to 240 minutes after, and the card shows the
 * browser's own day: the browser runs in a zone where it is about noon, so the run passes at any hour of the day.
 * Zones without daylight saving, by their offset from UTC, -11 to +12.
 */
const zonesByOffset = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'Pacific/Gambier',
  'Pacific/Pitcairn',
  'America/Phoenix',
  'America/Regina',
  'America/Bogota',
  'America/La_Paz',
  'America/Buenos_Aires',
  'America/Noronha',
  'Atlantic/Cape_Verde',
  'Africa/Abidjan',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Guadalcanal',
  'Pacific/Tarawa',
];
test.use({ timezoneId: zonesByOffset[12 - new Date().getUTCHours() + 11] });

const tasksScope = 'https://www.googleapis.com/auth/tasks';
const schedule = (within: Page | Locator) => within.getByRole('region', { name: "Today's schedule" });

/** Approves Google's consent page as Maya, unticking the scopes given. */
async function approveGoogle(page: Page, untick: string[] = []) {
  await page.getByLabel('Sign in as').selectOption({ label: 'Maya Chen (maya@acme.example)' });
  for (const scope of untick) await page.getByRole('checkbox', { name: scope }).uncheck();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Google Calendar connected.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('connect Google Calendar, see today’s events, turn a message into an event and a task, and recover a missing permission', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Maya's day was laid out when the sandbox started; on a slow host this journey runs half an hour later.
  const recentered = await page.request.post(`${sandboxEmulatorURLs.google}/_control/google/recenter`);
  expect(recentered.ok()).toBe(true);
  await registerThroughMail(page, {
    name: 'Maya Chen',
    email: uniqueEmail('calendar'),
    password: 'sandbox-secret',
  });

  await test.step('connect Google Calendar from the schedule card, leaving Tasks unticked', async () => {
    await schedule(page).getByRole('button', { name: 'Connect Google Calendar' }).click();
    await approveGoogle(page, [tasksScope]);
  });

  await test.step('see today’s events in their states with their meeting links', async () => {
    const events = schedule(page).getByRole('list', { name: "Today's events" });
    await expect(events.getByRole('listitem').filter({ hasText: 'Design review' })).toHaveAttribute(
      'data-state',
      'current',
    );
    await expect(events.getByRole('listitem').filter({ hasText: 'Customer call' })).toHaveAttribute(
      'data-state',
      'soon',
    );
    await expect(events.getByRole('link', { name: 'Meet: join Design review' })).toBeVisible();
    await expect(events.getByRole('link', { name: /^Teams: join Quarterly planning/ })).toBeVisible();
    await expect(schedule(page).getByText('Completed (1)')).toBeVisible();
  });

  await test.step('connect ChatWork for messages', async () => {
    await openConnectionsPanel(page);
    await page.getByRole('button', { name: 'Connect ChatWork' }).click();
    await page.getByLabel('Sign in as').selectOption('3001');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText('ChatWork connected: Acme Corp.')).toBeVisible();
  });

  const card = page.getByRole('list', { name: 'Message list' }).getByRole('article').first();

  await test.step('create an event from a message and see it in the card', async () => {
    await card.getByRole('button', { name: /^More actions for the message from / }).click();
    await page.getByRole('menuitem', { name: /^Add calendar event/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Google Calendar' });
    await dialog.getByLabel('Title').fill('Follow up with the team');
    // In an hour, on the browser's clock and in its zone.
    const { date, hour } = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      return {
        date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
        hour: String(now.getHours() + 1),
      };
    });
    await dialog.getByLabel('Date').fill(date);
    await dialog.getByLabel('Hour').selectOption(hour);
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await expect(page.getByText('✅ Event added to Google Calendar')).toBeVisible();
    await expect(schedule(page).getByText('Follow up with the team')).toBeVisible();
  });

  await test.step('a task needs the unticked permission: Matome sends the person back to Google', async () => {
    await card.getByRole('button', { name: /^More actions for the message from / }).click();
    await page.getByRole('menuitem', { name: /^Add Google task/ }).click();
    await page
      .getByRole('dialog', { name: 'Add a Google Task' })
      .getByRole('button', { name: 'Add task' })
      .click();
    await expect(
      page.getByRole('heading', { name: /requesting permission to access your Google account/ }),
    ).toBeVisible();
    await approveGoogle(page);
  });

  await test.step('create the task once the permission is granted', async () => {
    await card.getByRole('button', { name: /^More actions for the message from / }).click();
    await page.getByRole('menuitem', { name: /^Add Google task/ }).click();
    await page
      .getByRole('dialog', { name: 'Add a Google Task' })
      .getByRole('button', { name: 'Add task' })
      .click();
    await expect(page.getByText('✅ Task added to Google Tasks')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a newcomer without chat connections reaches the schedule card from the header', async ({ page }) => {
    await registerThroughMail(page, {
      name: 'Phone Newcomer',
      email: uniqueEmail('calendar-phone'),
      password: 'sandbox-secret',
    });
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Open schedule, connections and settings' })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Schedule, connections and settings' });
    await expect(schedule(sheet).getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
  });
});
