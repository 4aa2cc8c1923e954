import type { Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { InsurancePlan } from '../src/shared/contracts/insurance';
import type { MedicalRecord } from '../src/shared/contracts/medical-records';
import type { User } from '../src/shared/contracts/users';
import { samplePdf } from '../src/server/db/sample-documents';
import { expect, test } from './fixtures';
import { chooseDate, expectToast, getJson } from './support/interactions';
import { OTHER_PATIENT } from './support/other-patient';
import type { RunningServer } from './support/server';

// The browser takes the patient from the session (issue 31): on an install whose only patient is user 7, every screen
// reads and writes that patient's record, and no request names user 1 (the server answers a 404 to a path or body that
// names another user than the session's).

// The sign-in hashes the passphrase (scrypt, 64 MiB), and the test walks through every screen.
test.describe.configure({ timeout: 240_000 });
const AFTER_HASH = { timeout: 30_000 };

const P = OTHER_PATIENT.id;

async function open(page: Page, server: RunningServer, path: string, heading: string | RegExp) {
  await page.goto(`${server.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test(`a patient whose id is ${P}, not 1: sign-in, onboarding and every screen read and write that patient`, async ({ page, freshServer }) => {
  const server = await freshServer('other-patient');
  // Every answer of the API that is not a success: a screen asking about user 1 would get a 404 here.
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) refused.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
  });

  await page.goto(server.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to HealthAssist' })).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill(OTHER_PATIENT.passphrase);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // No patient yet: the app opens on the wizard, which reads and then creates the session's patient.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HealthAssist' })).toBeVisible(AFTER_HASH);
  const session = await getJson<{ access: string; patientId: number }>(page, server, '/api/session');
  expect(session).toMatchObject({ access: 'signed-in', patientId: P });
  // The wizard asked for the session's patient, not user 1; before onboarding there is none, which is its first run.
  expect(refused.filter((line) => !line.startsWith(`GET /api/users/${P} → 404`) && !line.startsWith('GET /api/session → 401'))).toEqual([]);
  refused.length = 0;

  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill('jordan.lee@example.com');
  await page.getByRole('button', { name: /^Date of Birth/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await calendar.getByRole('combobox', { name: /year/i }).selectOption('1988');
  await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: 'March' });
  await calendar.getByRole('button', { name: /March 14th, 1988/ }).click();
  await expect(calendar).toBeHidden();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Medical History' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Insurance Details' })).toBeVisible();
  await page.getByLabel('Insurance Provider').fill('Northwind Health');
  await page.getByLabel('Policy Number').fill('NW-12345');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preferences' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expectToast(page, 'Welcome to HealthAssist!', 'Your account has been set up successfully.');
  await expect(page).toHaveURL(`${server.url}/`);

  // Dashboard: the greeting and the header read the patient, the activity card the onboarding's plan.
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back, Jordan/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu for Jordan Lee' })).toBeVisible();
  await expect(page.getByText('Added Northwind Health insurance plan')).toBeVisible();
  expect((await getJson<User>(page, server, `/api/users/${P}`)).displayName).toBe('Jordan Lee');

  // Medical Records: an upload, listed, and on the dashboard's count.
  await open(page, server, '/records', 'Medical Records');
  await page.getByRole('button', { name: 'Upload New Record' }).click();
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Upload a Record' }) });
  await page.getByTestId('document-file-input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: samplePdf('Lab report', ['Hemoglobin: 14.1 g/dL']) });
  await expect(panel).toContainText('lab-results.pdf');
  await panel.getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'Record uploaded', 'lab-results.pdf has been added to your records.');
  await expect(page.getByRole('list', { name: 'Your Records' }).getByText('lab-results.pdf', { exact: true })).toBeVisible();
  const records = await getJson<{ items: MedicalRecord[] }>(page, server, `/api/medical-records/${P}/page`);
  expect(records.items.map((record) => [record.userId, record.filename])).toEqual([[P, 'lab-results.pdf']]);

  // Insurance: the onboarding's plan, changed through its dialog.
  await open(page, server, '/insurance', 'Insurance Information');
  await expect(page.getByText('Northwind Health').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit primary insurance' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Edit Insurance Information' });
  await planDialog.getByLabel('Group Number (optional)').fill('GRP-7');
  await planDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Insurance Saved Successfully', 'Your Northwind Health information has been updated.');
  await expect(planDialog).toBeHidden();
  const plans = await getJson<InsurancePlan[]>(page, server, `/api/insurance/${P}`);
  expect(plans).toEqual([expect.objectContaining({ userId: P, provider: 'Northwind Health', groupNumber: 'GRP-7' })]);

  // Preventative Care: the recommendations follow the patient's date of birth.
  await open(page, server, '/preventative', 'Preventative Care');
  await expect(page.getByRole('heading', { level: 2, name: 'Recommended Care' })).toBeVisible();
  await page.getByRole('tab', { name: 'Year View' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Your ${new Date().getFullYear()} Preventative Care Schedule` })).toBeVisible();
  await page.getByRole('tab', { name: 'Timeline View' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your Preventative Care Timeline' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  // Appointments: a provider of the patient's, and a booking through Schedule New.
  const provider = await page.request.post(`${server.url}/api/providers`, { data: { userId: P, name: 'Dr. Ana Rivera', specialty: 'Dentistry' } });
  expect(provider.status()).toBe(201);
  await open(page, server, '/appointments', 'Appointments');
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  const scheduleCard = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Schedule an Appointment', exact: true }) });
  await scheduleCard.getByRole('combobox', { name: 'Appointment Type' }).click();
  await page.getByRole('option', { name: 'Other', exact: true }).click();
  await scheduleCard.getByLabel('Describe the appointment').fill('Dental Cleaning');
  await scheduleCard.getByRole('combobox', { name: 'Healthcare Provider' }).click();
  await page.getByRole('option', { name: 'Dr. Ana Rivera (Dentistry)', exact: true }).click();
  const when = addDays(new Date(), 5);
  await chooseDate(page, scheduleCard, 'Preferred Date', when);
  await scheduleCard.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expectToast(page, 'Appointment Scheduled', `Dental Cleaning with Dr. Ana Rivera on ${format(when, 'MMM d, yyyy')}`);
  await expect(page).toHaveURL(`${server.url}/`);
  await open(page, server, '/appointments', 'Appointments');
  await expect(page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Upcoming Appointments' }) })).toContainText('Dental Cleaning');

  // Activity: what the writes above left.
  await open(page, server, '/activity', 'Activity');
  await expect(page.getByText('lab-results.pdf').first()).toBeVisible();

  // Profile: a save of the session's patient, which the header follows.
  await open(page, server, '/profile', 'My Profile');
  const personal = page.locator('section', { has: page.getByRole('heading', { name: 'Personal Information' }) });
  await expect(personal.getByLabel('Full Name')).toHaveValue('Jordan Lee');
  await personal.getByLabel('Full Name').fill('Jordan Seven');
  await personal.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');
  await expect(page.getByRole('button', { name: 'Profile menu for Jordan Seven' })).toBeVisible();
  expect((await getJson<User>(page, server, `/api/users/${P}`)).displayName).toBe('Jordan Seven');

  // Chat: the assistant answers from this patient's record.
  await open(page, server, '/chat', 'Chat with Health Assistant');
  const messageBox = page.getByRole('textbox', { name: 'Your message' });
  await messageBox.fill('When is my next appointment?');
  await expect(async () => {
    if ((await messageBox.inputValue()) !== '') await messageBox.press('Enter');
    await expect(messageBox).toHaveValue('', { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('log', { name: 'Conversation with the health assistant' })).toContainText('Dr. Ana Rivera');

  expect(refused).toEqual([]);
});
