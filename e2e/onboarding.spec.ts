import type { Locator, Page } from '@playwright/test';
import type { InsurancePlan } from '../src/shared/contracts/insurance';
import type { User } from '../src/shared/contracts/users';
import { expect, expectNoAxeViolations, test, toasts, useStoredTheme } from './fixtures';
import { getJson, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
/** Exact: the first step also offers 'Restore from a backup'. */
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

async function openWizard(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/onboarding`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HealthAssist' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** While the app is open (no passphrase yet), the wizard's last step offers to protect the record; these tests skip it. */
async function skipProtecting(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Protect your record' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
}

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByText(`Step ${n} of 4`, { exact: false })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Step ${n} of 4` })).toHaveAttribute('aria-valuenow', String(n * 25));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Chooses a day years back through the calendar's month and year drop-downs. */
async function chooseBirthDate(page: Page, scope: Locator, year: string, month: string, dayName: RegExp) {
  await scope.getByRole('button', { name: /^Date of Birth/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await calendar.getByRole('combobox', { name: /year/i }).selectOption(year);
  await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: month });
  await calendar.getByRole('button', { name: dayName }).click();
  await expect(calendar).toBeHidden();
}

test('the fields start from what is stored, and Next refuses a step until its answers hold', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openWizard(page, server);
  await expectStep(page, 1, 'Personal Information');
  await expect(page.getByLabel('First Name')).toHaveValue('Alex');
  await expect(page.getByLabel('Last Name')).toHaveValue('Morgan');
  await expect(page.getByLabel('Email')).toHaveValue('alex.morgan@example.com');
  await expect(back(page)).toHaveCount(0);

  await page.getByLabel('First Name').fill('A');
  await page.getByLabel('Last Name').fill('');
  await page.getByLabel('Email').fill('nope');
  await next(page).click();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Last name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Date of birth is required')).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeFocused();
  await expectStep(page, 1, 'Personal Information');
});

test('the whole wizard, with its conditional fields and Back, stores every answer in one call', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const onboardingCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/onboarding') onboardingCalls.push(request.method());
  });
  await openWizard(page, server);
  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill('jordan.lee@example.com');
  await page.getByLabel('Phone Number (optional)').fill('(555) 222-3333');
  await chooseBirthDate(page, page.locator('form'), '1988', 'March', /March 14th, 1988/);
  await next(page).click();

  await expectStep(page, 2, 'Medical History');
  const conditionsBox = page.getByRole('checkbox', { name: 'I have existing medical conditions' });
  await expect(conditionsBox).toBeFocused();
  await expect(conditionsBox).not.toBeChecked();
  await expect(page.getByLabel('Existing Conditions')).toHaveCount(0);
  await conditionsBox.check();
  await page.getByLabel('Existing Conditions').fill('Asthma');
  await page.getByLabel('Current Medications (optional)').fill('Albuterol as needed');
  await page.getByLabel('Allergies (optional)').fill('Penicillin');
  await next(page).click();

  await expectStep(page, 3, 'Insurance Details');
  const insuranceBox = page.getByRole('checkbox', { name: 'I have health insurance' });
  await expect(insuranceBox).toBeChecked();
  await insuranceBox.uncheck();
  await expect(page.getByLabel('Insurance Provider')).toHaveCount(0);
  await insuranceBox.check();
  await page.getByLabel('Insurance Provider').fill('Northwind Health');
  await next(page).click();
  await expect(page.getByText('Policy number is required')).toBeVisible();
  await page.getByLabel('Policy Number').fill('NW-12345');
  await page.getByLabel('Group Number (optional)').fill('GRP-8');
  await next(page).click();

  await expectStep(page, 4, 'Preferences');
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Appointment reminders' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Health tips' })).toBeChecked();
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('switch', { name: 'Health tips' }).click();

  await back(page).click();
  await expectStep(page, 3, 'Insurance Details');
  await expect(page.getByLabel('Policy Number')).toHaveValue('NW-12345');
  await next(page).click();
  await expect(page.getByRole('radio', { name: 'SMS' })).toBeChecked();
  expect(onboardingCalls).toEqual([]);

  await page.getByRole('button', { name: 'Complete Setup' }).click();
  const welcome = toasts(page).filter({ hasText: 'Your account has been set up successfully.' });
  await expect(welcome).toContainText('Welcome to HealthAssist!');
  await skipProtecting(page);
  await expect(page).toHaveURL(`${server.url}/`);
  expect(onboardingCalls).toEqual(['POST']);

  const user = await getJson<User>(page, server, '/api/users/1');
  expect(user).toMatchObject({
    firstName: 'Jordan',
    lastName: 'Lee',
    displayName: 'Jordan Lee',
    email: 'jordan.lee@example.com',
    phoneNumber: '(555) 222-3333',
    dateOfBirth: '1988-03-14',
    existingConditions: 'Asthma',
    medications: 'Albuterol as needed',
    allergies: 'Penicillin',
    communicationPreference: 'sms',
    appointmentReminders: true,
    healthTips: false,
  });
  expect(user.onboardedAt).not.toBeNull();
  const plans = await getJson<InsurancePlan[]>(page, server, '/api/insurance/1');
  expect(plans).toEqual([expect.objectContaining({ provider: 'Northwind Health', memberId: 'NW-12345', groupNumber: 'GRP-8', isPrimary: true })]);
  await expect(page.getByRole('button', { name: 'Profile menu for Jordan Lee' })).toBeVisible();
  await expect(page.getByText('Added Northwind Health insurance plan')).toBeVisible();
});

test("'Skip for now' goes to the dashboard and stores nothing", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openWizard(page, server);
  const before = await getJson<User>(page, server, '/api/users/1');
  await page.getByLabel('First Name').fill('Changed');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  expect(await getJson<User>(page, server, '/api/users/1')).toEqual(before);
});

test('a completion that does not reach the server says so, keeps the answers, and stores nothing', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openWizard(page, server);
  const before = await getJson<User>(page, server, '/api/users/1');
  await page.getByLabel('First Name').fill('Casey');
  for (let i = 0; i < 3; i++) await next(page).click();
  await expectStep(page, 4, 'Preferences');
  // The connection drops as the answers are sent: the request never reaches the server.
  await page.route('**/api/onboarding', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  const failed = toasts(page).filter({ hasText: 'Could not complete setup:' });
  await expect(failed).toContainText('An error occurred');
  await expect(page.getByRole('button', { name: 'Complete Setup' })).toBeVisible();
  await back(page).click();
  await back(page).click();
  await back(page).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Casey');
  expect(await getJson<User>(page, server, '/api/users/1')).toEqual(before);
});

test('the wizard works by keyboard alone, each step starting at its first field', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openWizard(page, server);
  await page.getByLabel('First Name').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Robin');
  await page.keyboard.press('Enter');
  await expectStep(page, 2, 'Medical History');
  await expect(page.getByRole('checkbox', { name: 'I have existing medical conditions' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Existing Conditions')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Existing Conditions')).toBeFocused();
  await page.keyboard.type('Migraine');
  await page.getByRole('button', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expectStep(page, 3, 'Insurance Details');
  await expect(page.getByRole('checkbox', { name: 'I have health insurance' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expectStep(page, 4, 'Preferences');
  await expect(page.getByRole('radio', { name: 'Email' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'SMS' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'SMS' })).toBeChecked();
  await page.getByRole('button', { name: 'Complete Setup' }).focus();
  await page.keyboard.press('Enter');
  // The protect step that follows starts at its title, and is skipped by keyboard too.
  await expect(page.getByRole('heading', { level: 2, name: 'Protect your record' })).toBeFocused();
  await pressUntilFocused(page, page.getByRole('button', { name: 'Skip for now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.url}/`);
  expect(await getJson<User>(page, server, '/api/users/1')).toMatchObject({ firstName: 'Robin', existingConditions: 'Migraine', communicationPreference: 'sms' });
});

for (const theme of ['light', 'dark'] as const) {
  test(`every wizard step has no axe violations in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openWizard(page);
    for (const [n, title] of [[1, 'Personal Information'], [2, 'Medical History'], [3, 'Insurance Details'], [4, 'Preferences']] as const) {
      await expectStep(page, n, title);
      await expectNoAxeViolations(page);
      if (n < 4) await next(page).click();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
  });
}
