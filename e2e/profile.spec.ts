import type { Page } from '@playwright/test';
import { format, subDays } from 'date-fns';
import type { User } from '../src/shared/contracts/users';
import { samplePdf, samplePng } from '../src/server/db/sample-documents';
import { expect, expectNoAxeViolations, test, toasts, useStoredTheme } from './fixtures';
import { expectToast } from './support/interactions';
import type { RunningServer } from './support/server';

const personalCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Personal Information' }) });
const medicalCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Medical History' }) });

async function openProfile(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function storedUser(page: Page, server: RunningServer): Promise<User> {
  const response = await page.request.get(`${server.url}/api/users/1`);
  expect(response.status()).toBe(200);
  return (await response.json()) as User;
}

test('the profile shows what is stored, with the spec’s texts', async ({ page }) => {
  await openProfile(page);
  await expect(page.getByText('Update your personal information')).toBeVisible();
  const card = personalCard(page);
  await expect(card.getByLabel('Full Name')).toHaveValue('Alex Morgan');
  await expect(card.getByLabel('Email')).toHaveValue('alex.morgan@example.com');
  await expect(card.getByLabel('Phone Number')).toHaveValue('(555) 123-4567');
  await expect(card.getByText('Your phone number will be used for appointment reminders')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Date of Birth/ })).toContainText('Apr 12, 1979');
  await expect(card.getByRole('radio', { name: 'Not stated' })).toBeChecked();
  await expect(card.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // No photo yet: the initials stand in for it.
  await expect(card.getByText('AM', { exact: true })).toBeVisible();
});

test('the name and email rules show beside their fields and nothing is sent', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH') sent++;
  });
  await openProfile(page, server);
  const card = personalCard(page);
  await card.getByLabel('Full Name').fill('A');
  await card.getByLabel('Email').fill('not-an-address');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(card.getByText('Please enter a valid email address')).toBeVisible();
  await expect(card.getByLabel('Full Name')).toBeFocused();
  expect(sent).toBe(0);
  expect((await storedUser(page, server)).displayName).toBe('Alex Morgan');
});

test('a saved profile is there after a reload and in the API, and the header follows it', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  const card = personalCard(page);
  await card.getByLabel('Full Name').fill('Jordan Lee');
  await card.getByLabel('Email').fill('Jordan.Lee@Example.com');
  await card.getByLabel('Phone Number').fill('(555) 987-6543');
  await card.getByRole('button', { name: /^Date of Birth/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await calendar.getByRole('combobox', { name: /year/i }).selectOption('1985');
  await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: 'June' });
  await calendar.getByRole('button', { name: /June 9th, 1985/ }).click();
  await card.getByRole('radio', { name: 'Female' }).check();
  await card.getByRole('combobox', { name: 'Time Zone' }).click();
  await page.keyboard.type('Europe/Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await card.getByRole('radio', { name: 'Metric (kg, °C, mmol/L)' }).check();
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');
  await expect(page.getByRole('button', { name: 'Profile menu for Jordan Lee' })).toBeVisible();

  const check = async () => {
    await expect(card.getByLabel('Full Name')).toHaveValue('Jordan Lee');
    await expect(card.getByLabel('Email')).toHaveValue('jordan.lee@example.com');
    await expect(card.getByRole('button', { name: /^Date of Birth/ })).toContainText('Jun 9, 1985');
    await expect(card.getByRole('radio', { name: 'Female' })).toBeChecked();
    await expect(card.getByRole('combobox', { name: 'Time Zone' })).toHaveText('Europe/Berlin');
    await expect(card.getByRole('radio', { name: 'Metric (kg, °C, mmol/L)' })).toBeChecked();
  };
  await check();
  await page.reload();
  await check();
  expect(await storedUser(page, server)).toMatchObject({
    displayName: 'Jordan Lee',
    email: 'jordan.lee@example.com',
    phoneNumber: '(555) 987-6543',
    dateOfBirth: '1985-06-09',
    sexAtBirth: 'female',
    timeZone: 'Europe/Berlin',
    unitSystem: 'metric',
  });
});

test('the medical history saves on its own and stays after a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  const card = medicalCard(page);
  await card.getByLabel('Medications').fill('Metformin 500 mg twice a day');
  await card.getByLabel('Allergies').fill('Penicillin');
  await card.getByRole('button', { name: 'Save Medical History' }).click();
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');
  await page.reload();
  await expect(medicalCard(page).getByLabel('Medications')).toHaveValue('Metformin 500 mg twice a day');
  await expect(medicalCard(page).getByLabel('Allergies')).toHaveValue('Penicillin');
  expect(await storedUser(page, server)).toMatchObject({
    existingConditions: null,
    medications: 'Metformin 500 mg twice a day',
    allergies: 'Penicillin',
    displayName: 'Alex Morgan',
  });
});

test('a photo is scaled to at most 256 px before it is sent, shows in the header, and can be removed', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  const card = personalCard(page);

  await page.getByTestId('avatar-file-input').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: samplePdf('Notes', ['x']) });
  await expectToast(page, 'Invalid file type', 'Please choose an image file for your photo');

  await page.getByTestId('avatar-file-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: samplePng(1000, 600) });
  await expect(card.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');

  const { avatarUrl } = await storedUser(page, server);
  expect(avatarUrl).toMatch(/^data:image\/(webp|png);base64,/);
  const size = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url!;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, avatarUrl);
  expect(size).toEqual([256, 154]);
  await expect(page.getByRole('banner').locator(`img[src="${avatarUrl}"]`)).toBeVisible();

  await page.reload();
  await expect(personalCard(page).getByRole('img', { name: 'Your profile photo' })).toBeVisible();
  await personalCard(page).getByRole('button', { name: 'Remove photo' }).click();
  await personalCard(page).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');
  expect((await storedUser(page, server)).avatarUrl).toBeNull();
  await expect(personalCard(page).getByRole('button', { name: 'Upload photo' })).toBeVisible();
});

test('the profile works by keyboard alone: photo, name, date, sex, time zone and medical history', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  const card = personalCard(page);
  const tabTo = async (target: ReturnType<Page['getByRole']>) => {
    for (let i = 0; i < 60 && !(await target.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  };

  await tabTo(card.getByRole('button', { name: 'Upload photo' }));
  const choosing = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await choosing).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: samplePng(300, 300) });
  await expect(card.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  await tabTo(card.getByLabel('Full Name'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Sam Rivera');
  await tabTo(card.getByRole('button', { name: /^Date of Birth/ }));
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  // No date yet: the calendar starts on today; the day before is the latest that can be a birth date here.
  await expect(calendar.getByRole('button', { name: new RegExp(format(new Date(), 'EEEE, MMMM do, yyyy')) })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const yesterday = subDays(new Date(), 1);
  await expect(card.getByRole('button', { name: /^Date of Birth/ })).toContainText(format(yesterday, 'MMM d, yyyy'));
  await tabTo(card.getByRole('radio', { name: 'Not stated' }));
  await page.keyboard.press('ArrowLeft');
  await expect(card.getByRole('radio', { name: 'Male', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await tabTo(card.getByRole('combobox', { name: 'Time Zone' }));
  await page.keyboard.press('Enter');
  // Keys typed before the open list holds the focus would go to the closed trigger's own typeahead: wait for the list.
  await expect(page.getByRole('listbox').getByRole('option', { selected: true })).toBeFocused();
  await page.keyboard.type('Asia/Tokyo');
  await expect(page.getByRole('option', { name: 'Asia/Tokyo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('combobox', { name: 'Time Zone' })).toHaveText('Asia/Tokyo');
  await tabTo(card.getByRole('button', { name: 'Save Changes' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');
  await expect(card.getByRole('button', { name: 'Save Changes' })).toBeFocused();

  await tabTo(medicalCard(page).getByLabel('Medications'));
  await page.keyboard.type('Ibuprofen as needed');
  await tabTo(medicalCard(page).getByRole('button', { name: 'Save Medical History' }));
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toHaveCount(1);
  await expect.poll(async () => (await storedUser(page, server)).medications).toBe('Ibuprofen as needed');
  expect(await storedUser(page, server)).toMatchObject({ displayName: 'Sam Rivera', dateOfBirth: format(yesterday, 'yyyy-MM-dd'), sexAtBirth: 'male', timeZone: 'Asia/Tokyo' });
  expect((await storedUser(page, server)).avatarUrl).toMatch(/^data:image\//);
});

test("a save that fails says 'Failed to update profile' and keeps what was typed", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  // The connection drops as the profile is sent: the request never reaches the server.
  await page.route('**/api/users/1', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue()));
  await personalCard(page).getByLabel('Full Name').fill('Kept Name');
  await personalCard(page).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Error', 'Failed to update profile:');
  await expect(personalCard(page).getByLabel('Full Name')).toHaveValue('Kept Name');
  expect((await storedUser(page, server)).displayName).toBe('Alex Morgan');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the profile has no axe violations in the ${theme} theme, with errors showing and at 390 px`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openProfile(page);
    await expectNoAxeViolations(page);
    await personalCard(page).getByLabel('Full Name').fill('A');
    await personalCard(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(personalCard(page).getByText('Name must be at least 2 characters')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
  });
}
