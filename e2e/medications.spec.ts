import type { Locator, Page } from '@playwright/test';
import type { DayDoses, Medication } from '../src/shared/contracts/medications';
import type { User } from '../src/shared/contracts/users';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { expectToast, getJson, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

// Medications (issue 32). A dose's day and time are on the patient's clock (their profile's time zone), and the
// server derives the day's doses from its own clock. So that "today's morning dose" does not depend on when the test
// runs, the patient (and the browser) live in a fixed-offset zone where it is now early afternoon: the 08:00 dose is
// due, the 20:00 one is not, and midnight is hours away on either side.
const zone = afternoonZone(new Date());

/** The Etc/GMT zone whose clock reads 13:xx now (Etc/GMT's sign is POSIX's: Etc/GMT-2 is UTC+2). */
function afternoonZone(now: Date): string {
  const offset = 13 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

test.use({ timezoneId: zone });

/** The patient's today, 'yyyy-MM-dd', and as the screens write it ('Mar 4, 2026'). */
function patientToday(): { iso: string; shown: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return { iso, shown: `${part('month')} ${part('day')}, ${part('year')}` };
}

async function patientInZone(page: Page, server: RunningServer, more: Record<string, unknown> = {}) {
  const response = await page.request.patch(`${server.url}/api/users/1`, { data: { timeZone: zone, ...more } });
  expect(response.status(), await response.text()).toBe(200);
}

async function addByApi(page: Page, server: RunningServer, body: Record<string, unknown>): Promise<Medication> {
  const response = await page.request.post(`${server.url}/api/medications`, { data: { userId: 1, ...body } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Medication;
}

async function openMedications(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/medications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Medications' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const activeList = (page: Page) => page.getByRole('region', { name: 'Active medications' });
const pastList = (page: Page) => page.getByRole('region', { name: 'Past medications' });
const medication = (scope: Page | Locator, name: RegExp | string) => scope.getByRole('article', { name });
const dosesCard = (page: Page) => page.getByRole('region', { name: "Today's doses" });
const medicationDialog = (page: Page) => page.getByRole('dialog', { name: /^(Add|Edit) Medication$/ });

test('a medication taken at 08:00 and 20:00: its morning dose marked Taken on the dashboard, and its adherence on its page', async ({
  page,
  freshServer,
}) => {
  const server = await freshServer('account');
  await patientInZone(page, server);
  await openMedications(page, server);
  await expect(activeList(page).getByText('No active medications')).toBeVisible();

  await page.getByRole('button', { name: 'Add Medication' }).first().click();
  const dialog = medicationDialog(page);
  await dialog.getByLabel('Name').fill('Metformin');
  await dialog.getByLabel('Strength (optional)').fill('500 mg');
  await dialog.getByLabel('Dose each time (optional)').fill('1 tablet');
  await expect(dialog.getByRole('radio', { name: 'Every day at set times' })).toBeChecked();
  await expect(dialog.getByLabel('Time 1', { exact: true })).toHaveValue('08:00');
  await dialog.getByRole('button', { name: 'Add a time' }).click();
  await dialog.getByLabel('Time 2', { exact: true }).fill('20:00');
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expectToast(page, 'Medication added', 'Metformin has been added to your medications.');
  await expect(dialog).toBeHidden();
  const item = medication(activeList(page), 'Metformin 500 mg');
  await expect(item).toContainText('Every day at 8:00 AM and 8:00 PM');
  await expect(item).toContainText(`Since ${patientToday().shown}`);
  const [stored] = await getJson<Medication[]>(page, server, '/api/medications/1');
  expect(stored).toMatchObject({ name: 'Metformin', strength: '500 mg', dose: '1 tablet', status: 'active', schedule: { kind: 'daily', times: ['08:00', '20:00'] } });

  // The dashboard: both of today's doses, neither taken yet; one tap marks the morning one.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const card = dosesCard(page);
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card).toContainText('0 of 2 taken');
  await card.getByRole('button', { name: 'Mark Metformin 8:00 AM taken' }).click();
  await expectToast(page, 'Dose logged', 'Metformin 8:00 AM: taken.');
  await expect(card).toContainText('1 of 2 taken');
  await expect(card.getByRole('listitem').first()).toContainText(/Taken at \d{1,2}:\d\d (AM|PM)/);
  // Focus follows the row: its button is now Undo.
  await expect(card.getByRole('button', { name: 'Undo Metformin 8:00 AM' })).toBeFocused();
  await expect(card.getByRole('button', { name: 'Mark Metformin 8:00 PM taken' })).toBeVisible();

  // Its page: adherence (the 08:00 dose was due and taken; the 20:00 one is not due yet) and the log.
  await card.getByRole('link', { name: 'View medications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medications' })).toBeVisible();
  await expect(medication(page, 'Metformin 500 mg').getByRole('group', { name: 'Adherence of Metformin' })).toContainText(
    'Last 7 days: 100% (1 of 1 dose)',
  );
  await expect(page.getByRole('region', { name: 'Adherence' })).toContainText('Last 7 days100%1 of 1 dose');
  await medication(page, 'Metformin 500 mg').getByRole('button', { name: 'Dose log of Metformin' }).click();
  await expect(medication(page, 'Metformin 500 mg').getByRole('listitem')).toHaveCount(1);
  await expect(medication(page, 'Metformin 500 mg').getByRole('listitem')).toContainText(`${patientToday().shown}, 8:00 AM dose`);
});

test('a dose skipped with a reason and undone on the dashboard; a taken time corrected in the log', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await patientInZone(page, server);
  await addByApi(page, server, { name: 'Metformin', schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
  await page.goto(server.url);
  const card = dosesCard(page);
  await card.getByRole('button', { name: 'More for Metformin 8:00 AM' }).click();
  await page.getByRole('menuitem', { name: 'Skip…' }).click();
  const skip = page.getByRole('dialog', { name: 'Skip Metformin 8:00 AM?' });
  await skip.getByLabel('Reason (optional)').fill('Felt sick');
  await skip.getByRole('button', { name: 'Skip Dose' }).click();
  await expectToast(page, 'Dose logged', 'Metformin 8:00 AM: skipped.');
  await expect(skip).toBeHidden();
  await expect(card.getByRole('listitem').first()).toContainText('Skipped: Felt sick');
  await expect(card).toContainText('0 of 2 taken');
  await card.getByRole('button', { name: 'Undo Metformin 8:00 AM' }).click();
  await expectToast(page, 'Dose undone', 'Metformin 8:00 AM is no longer logged.');
  await expect(card.getByRole('button', { name: 'Mark Metformin 8:00 AM taken' })).toBeFocused();

  // Taken at another time: 08:10 the patient's today.
  await card.getByRole('button', { name: 'More for Metformin 8:00 AM' }).click();
  await page.getByRole('menuitem', { name: 'Taken at another time…' }).click();
  const when = page.getByRole('dialog', { name: 'When did you take Metformin 8:00 AM?' });
  await expect(when.getByLabel('Time taken')).toHaveValue('08:00');
  await when.getByLabel('Time taken').fill('08:10');
  await when.getByRole('button', { name: 'Log Dose' }).click();
  await expectToast(page, 'Dose logged', 'Metformin 8:00 AM: taken.');
  await expect(card.getByRole('listitem').first()).toContainText('Taken at 8:10 AM');

  // The log on the page: the time corrected to 08:25.
  await openMedications(page, server);
  const item = medication(page, 'Metformin');
  await item.getByRole('button', { name: 'Dose log of Metformin' }).click();
  await expect(item.getByRole('listitem')).toContainText('Taken at 8:10 AM');
  await item.getByRole('button', { name: /^Edit the time of Metformin/ }).click();
  const edit = page.getByRole('dialog', { name: 'When did you take Metformin?' });
  await expect(edit.getByLabel('Time taken')).toHaveValue('08:10');
  await edit.getByLabel('Time taken').fill('08:25');
  await edit.getByRole('button', { name: 'Save Time' }).click();
  await expect(edit).toBeHidden();
  await expect(item.getByRole('listitem')).toContainText('Taken at 8:25 AM');
  await expect(item.getByRole('button', { name: /^Edit the time of Metformin/ })).toBeFocused();
  const day = await getJson<DayDoses>(page, server, '/api/medications/doses/1');
  expect(new Date(day.doses[0]!.entry!.takenAt!).toISOString()).toBe(new Date(`${day.date}T08:25:00${offsetOf(zone)}`).toISOString());

  // Undone from the log: the dose is due again.
  await item.getByRole('button', { name: /^Undo Metformin/ }).click();
  await expectToast(page, 'Dose undone', 'Metformin: the');
  await expect(item.getByText('No doses logged yet.')).toBeVisible();
  expect((await getJson<DayDoses>(page, server, '/api/medications/doses/1')).doses[0]!.entry).toBeNull();
});

/** '+05:00' of an Etc/GMT zone (whose sign is reversed). */
function offsetOf(etcZone: string): string {
  const match = /^Etc\/GMT(?:([+-])(\d+))?$/.exec(etcZone)!;
  const hours = Number(match[2] ?? 0);
  return `${match[1] === '+' ? '-' : '+'}${String(hours).padStart(2, '0')}:00`;
}

test('stopping a medication asks the day and a reason, and moves it to Past', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await patientInZone(page, server);
  const lisinopril = await addByApi(page, server, { name: 'Lisinopril', strength: '10 mg', schedule: { kind: 'daily', times: ['08:00'] } });
  await openMedications(page, server);
  await expect(pastList(page)).toContainText('Medications you stop, or whose course ends, are kept here.');

  await medication(activeList(page), 'Lisinopril 10 mg').getByRole('button', { name: 'Stop Lisinopril' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop Lisinopril?' });
  await expect(dialog.getByRole('button', { name: /^Stopped on/ })).toContainText(patientToday().shown);
  await dialog.getByLabel('Reason (optional)').fill('Dry cough');
  await dialog.getByRole('button', { name: 'Stop Medication' }).click();
  await expectToast(page, 'Medication stopped', 'Lisinopril has been moved to your past medications.');
  await expect(dialog).toBeHidden();

  await expect(activeList(page).getByText('No active medications')).toBeVisible();
  const past = medication(pastList(page), 'Lisinopril 10 mg');
  await expect(past).toContainText('Stopped');
  await expect(past).toContainText(`${patientToday().shown}: Dry cough`);
  await expect(past.getByRole('button', { name: 'Start Lisinopril again' })).toBeVisible();
  // The Stop button is gone with the row it was in: focus goes to the Past list's heading.
  await expect(page.getByRole('heading', { name: 'Past medications' })).toBeFocused();
  const [stored] = await getJson<Medication[]>(page, server, '/api/medications/1');
  expect(stored).toMatchObject({ id: lisinopril.id, status: 'stopped', stoppedOn: patientToday().iso, stopReason: 'Dry cough' });

  // A stopped medication has nothing due today: the dashboard stays quiet.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/medications/doses/1');
  await page.goto(server.url);
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  // Today's doses is busy until its answer is rendered: once nothing is busy, no card means none.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(dosesCard(page)).toHaveCount(0);
});

test("the profile's free text becomes medications once the patient has reviewed it", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const text = 'Metformin 500 mg twice a day with food\nLisinopril 10 mg once daily\nIbuprofen 200 mg as needed';
  await patientInZone(page, server, { medications: text });
  await openMedications(page, server);

  const offer = page.getByRole('region', { name: 'Add the medications from your profile?' });
  await expect(offer.getByRole('checkbox')).toHaveCount(3);
  await expect(offer.getByRole('checkbox', { name: 'Metformin 500 mg' })).toBeChecked();
  await expect(offer).toContainText('Every day at 8:00 AM and 8:00 PM');
  await expect(offer).toContainText('with food');
  // The text stays beside the list, as written.
  await expect(page.getByRole('region', { name: 'In your profile' })).toContainText('Lisinopril 10 mg once daily');

  await offer.getByRole('checkbox', { name: 'Ibuprofen 200 mg' }).click();
  await offer.getByRole('button', { name: 'Add 2 Medications' }).click();
  await expectToast(page, 'Medications added', '2 medications were added from your profile. Check each schedule.');
  await expect(offer).toBeHidden();
  await expect(medication(activeList(page), 'Metformin 500 mg')).toContainText('Every day at 8:00 AM and 8:00 PM');
  await expect(medication(activeList(page), 'Lisinopril 10 mg')).toContainText('Every day at 8:00 AM');
  await expect(activeList(page).getByRole('article')).toHaveCount(2);

  const stored = await getJson<Medication[]>(page, server, '/api/medications/1');
  expect(stored.map(({ name, strength, instructions }) => ({ name, strength, instructions }))).toEqual([
    { name: 'Lisinopril', strength: '10 mg', instructions: null },
    { name: 'Metformin', strength: '500 mg', instructions: 'with food' },
  ]);
  // The profile is not changed.
  expect((await getJson<User>(page, server, '/api/users/1')).medications).toBe(text);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Active medications' })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('saying No thanks to the offer is remembered', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await patientInZone(page, server, { medications: 'Levothyroxine 50 mcg every morning' });
  await openMedications(page, server);
  const offer = page.getByRole('region', { name: 'Add the medications from your profile?' });
  await offer.getByRole('button', { name: 'No thanks' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'In your profile' })).toContainText('Levothyroxine 50 mcg every morning');
  await expect(offer).toHaveCount(0);
  expect(await getJson<Medication[]>(page, server, '/api/medications/1')).toEqual([]);
});

test('at 390 px, by keyboard only: add a medication on two weekdays, pause it and resume it', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await patientInZone(page, server);
  await page.setViewportSize({ width: 390, height: 844 });
  await openMedications(page, server);

  await pressUntilFocused(page, page.getByRole('button', { name: 'Add Medication' }).first());
  await page.keyboard.press('Enter');
  const dialog = medicationDialog(page);
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Vitamin D');
  await pressUntilFocused(page, dialog.getByRole('radio', { name: 'Every day at set times' }));
  await page.keyboard.press('ArrowDown');
  // Wait for the focus to move before Space: a fast press can reach the radio that is losing it (as appointments.spec).
  await expect(dialog.getByRole('radio', { name: 'On certain weekdays' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'On certain weekdays' })).toBeChecked();
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Monday' }));
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Thursday' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Thursday' })).toHaveAttribute('aria-pressed', 'true');
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Save Medication' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Medication added', 'Vitamin D has been added to your medications.');
  const item = medication(activeList(page), 'Vitamin D');
  await expect(item).toContainText('Mon and Thu at 8:00 AM');
  // Focus is back where it was, on the page's Add Medication.
  await expect(page.getByRole('button', { name: 'Add Medication' }).first()).toBeFocused();

  await pressUntilFocused(page, item.getByRole('button', { name: 'Pause Vitamin D' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Medication paused', 'No doses of Vitamin D are due until you resume it.');
  await expect(item).toContainText('Paused');
  await expect(item.getByRole('heading', { name: 'Vitamin D' })).toBeFocused();
  await pressUntilFocused(page, item.getByRole('button', { name: 'Resume Vitamin D' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Medication resumed', 'Vitamin D is active again.');
  await expect(item.getByText('Paused', { exact: true })).toHaveCount(0);

  const [stored] = await getJson<Medication[]>(page, server, '/api/medications/1');
  expect(stored).toMatchObject({ name: 'Vitamin D', status: 'active', schedule: { kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['08:00'] } });
  // Nothing sticks out sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Medications page, its dialogs and Today's doses have no axe violations in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openMedications(page);
    await medication(page, 'Metformin 500 mg').getByRole('button', { name: 'Dose log of Metformin' }).click();
    await expect(medication(page, 'Metformin 500 mg').getByRole('heading', { name: 'Dose log' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await medication(page, 'Metformin 500 mg').getByRole('button', { name: 'Edit Metformin' }).click();
    await expect(medicationDialog(page)).toBeVisible();
    await medicationDialog(page).getByLabel('Name').fill('');
    await medicationDialog(page).getByRole('radio', { name: 'On certain weekdays' }).click();
    await medicationDialog(page).getByRole('button', { name: 'Save Medication' }).click();
    await expect(medicationDialog(page).getByText('Medication name is required')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await medication(page, 'Metformin 500 mg').getByRole('button', { name: 'Stop Metformin' }).click();
    await expect(page.getByRole('dialog', { name: 'Stop Metformin?' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await medication(page, 'Metformin 500 mg').getByRole('button', { name: 'Remove Metformin' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Remove medication?' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(dosesCard(page).getByRole('listitem').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dosesCard(page).getByRole('button', { name: /^More for / }).first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page, '[role="menu"]');
    await page.getByRole('menuitem', { name: 'Skip…' }).click();
    await expect(page.getByRole('dialog', { name: /^Skip / })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
  });
}
