import type { Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { Medication } from '../src/shared/contracts/medications';
import type { NotificationPage, NotificationSettings } from '../src/shared/contracts/notifications';
import type { User } from '../src/shared/contracts/users';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { chooseDate, expectToast, getJson } from './support/interactions';
import type { RunningServer } from './support/server';

// Reminders and notifications (issue 33): the bell's count and its panel, Settings → Notifications, and the
// medication's "Remind even at night". The demo patient is seeded with three unread notifications; the 'account'
// template (a fresh record) has none. The server writes an appointment's reminders right after it is booked.

const bell = (page: Page, unread?: number) =>
  page.getByRole('button', { name: unread === undefined ? /^Notifications/ : `Notifications (${unread} unread)`, exact: true });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** Opens the panel from the bell and waits for its list. */
async function openPanel(page: Page) {
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).locator('[aria-busy="true"]')).toHaveCount(0);
  return panel(page);
}

async function openPage(page: Page, path: string, heading: string | RegExp, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Books an appointment for tomorrow through Schedule New, as the patient does; the app then shows the dashboard. */
async function bookTomorrow(page: Page, server: RunningServer, type: string, provider: string) {
  await openPage(page, '/appointments', 'Appointments', server);
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  const card = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Schedule an Appointment', exact: true }) });
  await card.getByRole('combobox', { name: 'Appointment Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await card.getByRole('combobox', { name: 'Healthcare Provider' }).click();
  await page.getByRole('option', { name: provider, exact: true }).click();
  const tomorrow = addDays(new Date(), 1);
  await chooseDate(page, card, 'Preferred Date', tomorrow);
  // Tomorrow morning: its day-before reminder is due already, so the server writes it as the booking is saved.
  await card.getByRole('radio', { name: 'Morning' }).check();
  await card.getByRole('button', { name: 'Schedule Appointment' }).click();
  // The booking's mutation refreshes the bell before it reports: from the toast on, the count is the server's.
  await expectToast(page, 'Appointment Scheduled', `${type} with ${provider.replace(/ \(.*\)$/, '')} on ${format(tomorrow, 'MMM d, yyyy')}`);
}

async function addProvider(page: Page, server: RunningServer) {
  const response = await page.request.post(`${server.url}/api/providers`, { data: { userId: 1, name: 'Dr. Ana Costa', specialty: 'Primary Care' } });
  expect(response.status()).toBe(201);
}

test('the bell shows 3 on the demo, and its panel says so and lists them; Escape closes it and the focus returns to the bell; a followed link takes the focus to its screen', async ({ page }) => {
  await page.goto('/');
  await expect(bell(page, 3)).toContainText('3');

  // By keyboard: the bell opens the panel and the focus moves into it.
  await bell(page, 3).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toContainText('You have 3 unread notifications.');
  await expect(panel(page).getByRole('button', { name: 'Mark all read' })).toBeFocused();
  const items = panel(page).getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Unread is said in words, not by a colour alone; each item is a link to its screen.
  for (const item of await items.all()) {
    await expect(item).toContainText('Unread');
    await expect(item.getByRole('link')).toHaveAttribute('href', /^\/[a-z]/);
  }
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(bell(page, 3)).toBeFocused();

  // Followed, a link leaves the panel for its screen, and the focus goes with it: Settings → Notifications' heading.
  await page.keyboard.press('Enter');
  await panel(page).getByRole('link', { name: 'Notification settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeFocused();
});

/**
 * A zone where it is about midday now, for the browser and the server alike: "tomorrow morning"'s day-before reminder
 * (24 hours before 08:00) is then due already at whatever hour of the day the suite runs.
 */
const MIDDAY_OFFSET = 12 - new Date().getUTCHours();
const MIDDAY_ZONE = MIDDAY_OFFSET >= 0 ? `Etc/GMT-${MIDDAY_OFFSET}` : `Etc/GMT+${-MIDDAY_OFFSET}`;

test.describe('on a fresh record, at midday', () => {
  test.use({ timezoneId: MIDDAY_ZONE });

  test('a fresh record: booking tomorrow raises the count, the panel leads to it, Mark all read clears it, and switched off no new one comes', async ({
    page,
    freshServer,
  }) => {
    const server = await freshServer('account', { TZ: MIDDAY_ZONE });
    await addProvider(page, server);
    await page.goto(server.url);
    await expect(bell(page, 0)).toHaveText('');
    const empty = await openPanel(page);
    await expect(empty).toContainText('You have no unread notifications.');
    await expect(empty).toContainText('No notifications yet');
    await page.keyboard.press('Escape');

    // The count goes up without a reload: the booking refreshes the bell.
    await bookTomorrow(page, server, 'Annual Physical', 'Dr. Ana Costa (Primary Care)');
    await expect(bell(page, 1)).toContainText('1');
    await bookTomorrow(page, server, 'Vaccination', 'Dr. Ana Costa (Primary Care)');
    await expect(bell(page, 2)).toContainText('2');

    let list = await openPanel(page);
    await expect(list).toContainText('You have 2 unread notifications.');
    const physical = list.getByRole('link', { name: /Annual Physical tomorrow/ });
    await expect(physical).toHaveAttribute('href', '/appointments');
    await physical.click();
    await expect(page).toHaveURL(`${server.url}/appointments`);
    await expect(panel(page)).toBeHidden();
    // Followed, it is read.
    await expect(bell(page, 1)).toContainText('1');

    list = await openPanel(page);
    await expect(list).toContainText('You have 1 unread notification.');
    await expect(list.getByRole('link', { name: /Annual Physical tomorrow/ })).not.toContainText('Unread');
    await expect(list.getByRole('link', { name: /Vaccination tomorrow/ })).toContainText('Unread');
    await list.getByRole('button', { name: 'Mark all read' }).click();
    await expect(list).toContainText('You have no unread notifications.');
    await expect(list.getByText('Unread', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(bell(page, 0)).toBeFocused();
    // The badge is gone: the bell shows its icon only.
    await expect(bell(page, 0)).toHaveText('');

    // Settings → Notifications, from the profile menu's Settings: appointment reminders off.
    await page.getByRole('button', { name: 'Profile menu for Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(`${server.url}/settings/notifications`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeFocused();
    const reminders = page.getByRole('checkbox', { name: 'Appointment reminders' });
    await expect(reminders).toBeChecked();
    await reminders.click();
    await expect(reminders).not.toBeChecked();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Notification settings saved', 'Your changes have been saved.');
    // The profile's own stored value, the same the onboarding's switch sets.
    expect((await getJson<User>(page, server, '/api/users/1')).appointmentReminders).toBe(false);
    expect((await getJson<NotificationSettings>(page, server, '/api/notification-settings/1')).switches.appointmentReminders).toBe(false);

    await bookTomorrow(page, server, 'Dental Cleaning', 'Dr. Ana Costa (Primary Care)');
    await expect(bell(page, 0)).toHaveText('');
    list = await openPanel(page);
    await expect(list).toContainText('You have no unread notifications.');
    await expect(list.getByRole('link', { name: /Dental Cleaning/ })).toHaveCount(0);
    const stored = await getJson<NotificationPage>(page, server, '/api/notifications/1');
    expect(stored.items.map((item) => item.title).filter((title) => title.includes('Dental Cleaning'))).toEqual([]);
  });
});

test('Settings → Notifications saves quiet hours and how to reach the patient, shows a refusal under its field, and shows the server’s refusal', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openPage(page, '/settings/notifications', 'Notifications', server);
  // A fresh record: every kind on, the default quiet hours, onboarding's preference (e-mail), with a way to My Profile.
  for (const name of ['Appointment reminders', 'Health tips', 'Doses due', 'Doses not logged', 'Refills running low']) {
    await expect(page.getByRole('checkbox', { name })).toBeChecked();
  }
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await expect(from).toHaveValue('22:00');
  await expect(to).toHaveValue('07:00');
  await expect(page.getByRole('main').getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  const reachBy = page.getByRole('radiogroup', { name: 'Reach me by' });
  await expect(reachBy.getByRole('radio', { name: 'E-mail', exact: true })).toBeChecked();
  await reachBy.getByRole('radio', { name: 'E-mail and text message (SMS)' }).click();

  await from.fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAccessibleDescription('must be a time of day such as 08:00');

  await from.fill('23:30');
  await to.fill('06:45');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Notification settings saved', 'Your changes have been saved.');
  const saved = await getJson<NotificationSettings>(page, server, '/api/notification-settings/1');
  expect(saved.quietHours).toEqual({ start: '23:30', end: '06:45' });
  expect(saved.communicationPreference).toBe('both');
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Reach me by' }).getByRole('radio', { name: 'E-mail and text message (SMS)' })).toBeChecked();

  // A refusal the server words (say, a newer server's rule) is shown where the patient looks, and the form keeps its values.
  await page.route('**/api/notification-settings/1', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { message: 'quietHours.end: must differ from the start by at least an hour' } })
      : route.continue(),
  );
  await to.fill('23:45');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your settings were not saved' })).toContainText('must differ from the start by at least an hour');
  await expect(to).toHaveAccessibleDescription('must differ from the start by at least an hour');
  await expect(to).toHaveValue('23:45');
});

test('a scheduled medication can be reminded even at night; an as-needed one has no such choice', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openPage(page, '/medications', 'Medications', server);
  await page.getByRole('button', { name: 'Add Medication' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Medication' });
  await dialog.getByLabel('Name').fill('Levothyroxine');
  const atNight = dialog.getByRole('checkbox', { name: 'Remind even at night' });
  await expect(atNight).not.toBeChecked();
  await expect(dialog.getByText('Dose reminders come during quiet hours too.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'As needed' }).check();
  await expect(atNight).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Every day at set times' }).check();
  await atNight.check();
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expectToast(page, 'Medication added', 'Levothyroxine has been added to your medications.');
  const [stored] = await getJson<Medication[]>(page, server, '/api/medications/1');
  expect(stored).toMatchObject({ name: 'Levothyroxine', remindAtNight: true });

  // Editing starts from what is stored.
  await page.getByRole('button', { name: /^Edit Levothyroxine/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Medication' }).getByRole('checkbox', { name: 'Remind even at night' })).toBeChecked();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the panel and Settings → Notifications have no axe violations in the ${theme} theme at 390 px`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const list = await openPanel(page);
    await expect(list).toContainText('You have 3 unread notifications.');
    await expectNoAxeViolations(page);
    // Within the screen's width.
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');

    await openPage(page, '/settings/notifications', 'Notifications');
    await expectNoAxeViolations(page);
  });
}
