import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { Appointment, Provider } from '../src/shared/contracts/appointments';
import type { CareItem } from '../src/shared/contracts/preventative-care';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { chooseDate, expectToast, getJson, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

// The demo patient (src/server/db/seed.ts): providers 1 Dr. Sarah Chen (Dentistry), 2 Dr. James Patel (Optometry),
// 3 Dr. Maria Lopez (Primary Care); care items 1 Dental Cleaning (overdue), 2 Eye Examination (scheduled, booked
// by appointment 2), 3 Blood Pressure Check (upcoming); appointments 1 Annual Physical (completed), 2 Eye
// Examination (scheduled, in 9 days at 14:00), 3 Dental Cleaning (cancelled, morning).

const day = (date: Date) => format(date, 'MMM d, yyyy');
const sectionOf = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const scheduleCard = (page: Page) => sectionOf(page, 'Schedule an Appointment');
const typeSelect = (page: Page) => scheduleCard(page).getByRole('combobox', { name: 'Appointment Type' });
const providerSelect = (page: Page) => scheduleCard(page).getByRole('combobox', { name: 'Healthcare Provider' });
const providerDialog = (page: Page) => page.getByRole('dialog', { name: /^(Add New Provider|Edit Provider)$/ });

async function openAppointments(page: Page, server?: RunningServer, query = '') {
  await page.goto(`${server?.url ?? ''}/appointments${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function choose(page: Page, select: ReturnType<typeof typeSelect>, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function downloaded(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8');
}

test('View Appointments opens by default, with the sections and texts of the spec', async ({ page }) => {
  await openAppointments(page);
  await expect(page.getByText('Schedule and manage your healthcare appointments')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'View Appointments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Schedule New' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Upcoming Appointments',
    'Completed Appointments',
    'Cancelled Appointments',
    'Your Providers',
  ]);

  const upcoming = sectionOf(page, 'Upcoming Appointments');
  await expect(upcoming.getByRole('heading', { level: 3 })).toHaveText(['Eye Examination']);
  await expect(upcoming).toContainText('Scheduled');
  await expect(upcoming).toContainText(`With Dr. James Patel on ${day(addDays(new Date(), 9))}`);
  await expect(upcoming).toContainText('Time: 2:00 PM');
  await expect(upcoming.getByRole('button', { name: /^Cancel Eye Examination/ })).toBeVisible();
  await expect(upcoming.getByRole('button', { name: /^Complete Eye Examination/ })).toBeVisible();

  const completed = sectionOf(page, 'Completed Appointments');
  await expect(completed).toContainText('Annual Physical');
  await expect(completed).toContainText('With Dr. Maria Lopez on');
  await expect(completed).toContainText('Time: 9:30 AM');
  await expect(completed).toContainText('Bring vaccination record');
  await expect(completed.getByRole('button')).toHaveCount(0);
  await expect(completed.getByRole('link')).toHaveCount(0);

  const cancelled = sectionOf(page, 'Cancelled Appointments');
  await expect(cancelled).toContainText('Dental Cleaning');
  await expect(cancelled).toContainText('Was scheduled with Dr. Sarah Chen for');
  await expect(cancelled).toContainText('Time: Morning');
  await expect(cancelled.getByRole('button')).toHaveCount(0);

  // Only the patient's own appointments: not the spec's static sample (id 999, a colonoscopy).
  await expect(page.getByText('Colonoscopy')).toHaveCount(0);
});

test('a patient without appointments sees the empty state, which leads to Schedule New', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openAppointments(page, server);
  await expect(page.getByText('No appointments found')).toBeVisible();
  await expect(page.getByText('Schedule your first appointment to get started.')).toBeVisible();
  await expect(sectionOf(page, 'Your Providers').getByText('No providers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule New' }).click();
  await expect(page.getByRole('tab', { name: 'Schedule New' })).toHaveAttribute('aria-selected', 'true');
  await expect(scheduleCard(page)).toBeVisible();
});

test('?care opens Schedule New with the care item as the type and the provider of its specialty chosen', async ({ page }) => {
  await openAppointments(page, undefined, '?care=2');
  await expect(page.getByRole('tab', { name: 'Schedule New' })).toHaveAttribute('aria-selected', 'true');
  await expect(typeSelect(page)).toHaveText('Eye Examination');
  await expect(providerSelect(page)).toHaveText('Dr. James Patel (Optometry)');
  await expect(scheduleCard(page).getByRole('button', { name: /^Preferred Date/ })).toContainText(day(new Date()));
  await expect(scheduleCard(page).getByRole('radio', { name: 'Afternoon' })).toBeChecked();

  await openAppointments(page, undefined, '?care=1');
  await expect(typeSelect(page)).toHaveText('Dental Cleaning');
  await expect(providerSelect(page)).toHaveText('Dr. Sarah Chen (Dentistry)');

  await openAppointments(page, undefined, '?care=3');
  await expect(typeSelect(page)).toHaveText('Blood Pressure Check');
  await expect(providerSelect(page)).toHaveText('Dr. Maria Lopez (Primary Care)');

  // Without ?care nothing is chosen for the patient; the types they use come first, then the spec's extras.
  await openAppointments(page);
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  await expect(typeSelect(page)).toHaveText('Select an appointment type');
  await expect(providerSelect(page)).toHaveText('Select a provider');
  await typeSelect(page).click();
  await expect(page.getByRole('option')).toHaveText(['Annual Physical', 'Dental Cleaning', 'Eye Examination', 'Vaccination', 'Other']);
  await page.keyboard.press('Escape');
  await providerSelect(page).click();
  await expect(page.getByRole('option')).toHaveText([
    'Dr. James Patel (Optometry)',
    'Dr. Maria Lopez (Primary Care)',
    'Dr. Sarah Chen (Dentistry)',
    'Add New Provider',
  ]);
});

test("an unknown ?care still opens Schedule New and says the booking will not be linked", async ({ page }) => {
  await openAppointments(page, undefined, '?care=999');
  await expect(page.getByRole('tab', { name: 'Schedule New' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('That care item could not be found')).toBeVisible();
  await expect(typeSelect(page)).toHaveText('Select an appointment type');
});

test('each rule of Schedule New shows beside its field, and nothing is sent until they hold', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/appointments') sent++;
  });
  await openAppointments(page, server, '');
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  const card = scheduleCard(page);
  await card.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(card.getByText('Appointment type is required')).toBeVisible();
  await expect(card.getByText('Healthcare provider is required')).toBeVisible();
  await expect(typeSelect(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(providerSelect(page)).toHaveAttribute('aria-invalid', 'true');

  // Other asks for the patient's own words, with the same message until there are some.
  await choose(page, typeSelect(page), 'Other');
  await expect(card.getByText('Appointment type is required')).toHaveCount(0);
  await card.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(card.getByLabel('Describe the appointment')).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText('Appointment type is required')).toBeVisible();
  expect(sent).toBe(0);

  // A time preference cannot be unchosen on the screen; the server holds the same rule and message.
  const response = await page.request.post(`${server.url}/api/appointments`, {
    data: { userId: 1, providerId: 1, appointmentType: 'Check-up', appointmentDate: format(new Date(), 'yyyy-MM-dd'), appointmentTime: '', status: 'scheduled' },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ message: 'appointmentTime: Time preference is required' });

  // Past days cannot be chosen in the calendar.
  await card.getByRole('button', { name: /^Preferred Date/ }).click();
  const yesterday = addDays(new Date(), -1);
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  if (format(yesterday, 'MMMM yyyy') === (await calendar.getByRole('grid').getAttribute('aria-label'))) {
    await expect(calendar.getByRole('button', { name: new RegExp(format(yesterday, 'EEEE, MMMM do, yyyy')) })).toBeDisabled();
  }
  await expect(calendar.getByRole('button', { name: 'Go to the Previous Month' })).toBeDisabled();
});

test('booking from Schedule New stores the appointment and goes to the dashboard', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openAppointments(page, server);
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  await choose(page, typeSelect(page), 'Other');
  await scheduleCard(page).getByLabel('Describe the appointment').fill('Physiotherapy');
  await choose(page, providerSelect(page), 'Dr. Maria Lopez (Primary Care)');
  const when = addDays(new Date(), 5);
  await chooseDate(page, scheduleCard(page), 'Preferred Date', when);
  await scheduleCard(page).getByRole('radio', { name: 'Evening' }).check();
  await scheduleCard(page).getByLabel('Additional Notes').fill('Left knee');
  await scheduleCard(page).getByRole('button', { name: 'Schedule Appointment' }).click();

  await expectToast(page, 'Appointment Scheduled', `Physiotherapy with Dr. Maria Lopez on ${day(when)}`);
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByText(`Scheduled Physiotherapy with Dr. Maria Lopez on ${day(when)}`)).toBeVisible();

  const appointments = await getJson<Appointment[]>(page, server, '/api/appointments/1');
  expect(appointments.find((a) => a.appointmentType === 'Physiotherapy')).toMatchObject({
    providerId: 3,
    appointmentDate: format(when, 'yyyy-MM-dd'),
    appointmentTime: 'evening',
    status: 'scheduled',
    notes: 'Left knee',
    careItemId: null,
  });
  await page.goto(`${server.url}/appointments`);
  const upcoming = sectionOf(page, 'Upcoming Appointments');
  await expect(upcoming).toContainText('Physiotherapy');
  await expect(upcoming).toContainText('Time: Evening');
});

test('booking with ?care links the appointment to the care item, which becomes scheduled', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openAppointments(page, server, '?care=3');
  await expect(typeSelect(page)).toHaveText('Blood Pressure Check');
  await scheduleCard(page).getByRole('radio', { name: 'Morning' }).check();
  await scheduleCard(page).getByRole('button', { name: 'Schedule Appointment' }).click();
  await expectToast(page, 'Appointment Scheduled', `Blood Pressure Check with Dr. Maria Lopez on ${day(new Date())}`);
  await expect(page).toHaveURL(`${server.url}/`);

  const appointments = await getJson<Appointment[]>(page, server, '/api/appointments/1');
  expect(appointments.find((a) => a.appointmentType === 'Blood Pressure Check')).toMatchObject({
    providerId: 3,
    appointmentDate: format(new Date(), 'yyyy-MM-dd'),
    appointmentTime: 'morning',
    careItemId: 3,
  });
  const care = await getJson<CareItem[]>(page, server, '/api/preventative-care/1');
  expect(care.find((item) => item.id === 3)?.status).toBe('scheduled');
});

test('Cancel goes back to the dashboard, and a refused booking keeps the form with the reason', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openAppointments(page, server, '?care=3');
  await scheduleCard(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  // The provider goes away (elsewhere) after the form was filled: the server refuses, the form stays as it was.
  const provider = await page.request.post(`${server.url}/api/providers`, { data: { userId: 1, name: 'Dr. Short Stay', specialty: 'Other' } });
  const { id } = (await provider.json()) as Provider;
  await openAppointments(page, server);
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  await choose(page, typeSelect(page), 'Vaccination');
  await choose(page, providerSelect(page), 'Dr. Short Stay (Other)');
  expect((await page.request.delete(`${server.url}/api/providers/${id}`)).status()).toBe(204);
  await scheduleCard(page).getByRole('button', { name: 'Schedule Appointment' }).click();
  await expectToast(page, 'Error', 'Failed to schedule appointment: Provider not found');
  await expect(page).toHaveURL(`${server.url}/appointments`);
  await expect(typeSelect(page)).toHaveText('Vaccination');
});

test("'Add New Provider' adds a provider through the API and selects it", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openAppointments(page, server);
  await page.getByRole('tab', { name: 'Schedule New' }).click();
  await choose(page, typeSelect(page), 'Dental Cleaning');
  await providerSelect(page).click();
  await expect(page.getByRole('option')).toHaveText(['Add New Provider']);
  await page.getByRole('option', { name: 'Add New Provider' }).click();

  const dialog = providerDialog(page);
  await expect(dialog).toBeVisible();
  // The type asks for a dentist, so the specialty starts there.
  await expect(dialog.getByRole('combobox', { name: 'Specialty' })).toHaveText('Dentistry');
  await dialog.getByLabel('Phone (optional)').fill('call me');
  await dialog.getByRole('button', { name: 'Save Provider' }).click();
  await expect(dialog.getByText('Provider name is required')).toBeVisible();
  await expect(dialog.getByText(/Please enter a valid phone number/)).toBeVisible();

  await dialog.getByLabel('Name').fill('Dr. Ana Costa');
  await dialog.getByLabel('Phone (optional)').fill('+351 21 123 4567');
  await dialog.getByLabel('Address (optional)').fill('Rua Augusta 10, Lisboa');
  await dialog.getByRole('button', { name: 'Save Provider' }).click();
  await expectToast(page, 'Provider added', 'Dr. Ana Costa has been added to your providers.');
  await expect(dialog).toBeHidden();
  await expect(providerSelect(page)).toHaveText('Dr. Ana Costa (Dentistry)');
  await expect(providerSelect(page)).toBeFocused();

  const providers = await getJson<Provider[]>(page, server, '/api/providers/1');
  expect(providers).toEqual([
    { id: expect.any(Number), userId: 1, name: 'Dr. Ana Costa', specialty: 'Dentistry', phone: '+351 21 123 4567', address: 'Rua Augusta 10, Lisboa' },
  ]);

  await scheduleCard(page).getByRole('button', { name: 'Schedule Appointment' }).click();
  await expectToast(page, 'Appointment Scheduled', `Dental Cleaning with Dr. Ana Costa on ${day(new Date())}`);
  const [booked] = await getJson<Appointment[]>(page, server, '/api/appointments/1');
  expect(booked).toMatchObject({ providerId: providers[0]!.id, appointmentType: 'Dental Cleaning', appointmentTime: 'afternoon' });
});

test('providers can be edited and removed; one that appointments name is kept, with the reason', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openAppointments(page, server);
  const card = sectionOf(page, 'Your Providers');
  await card.getByRole('button', { name: 'Edit Dr. Sarah Chen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Dr. Sarah Chen');
  await dialog.getByLabel('Phone (optional)').fill('(555) 201-9999');
  await dialog.getByRole('button', { name: 'Save Provider' }).click();
  await expectToast(page, 'Provider updated', 'Dr. Sarah Chen has been updated.');
  await expect(card).toContainText('(555) 201-9999');
  await expect(card.getByRole('button', { name: 'Edit Dr. Sarah Chen' })).toBeFocused();

  await card.getByRole('button', { name: 'Remove Dr. Sarah Chen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove provider?' });
  await confirm.getByRole('button', { name: 'Remove Provider' }).click();
  await expectToast(page, 'Error', 'Failed to remove provider: This provider is named by 1 appointment and cannot be removed');
  await expect(card).toContainText('Dr. Sarah Chen');

  await page.request.post(`${server.url}/api/providers`, { data: { userId: 1, name: 'Dr. Never Seen', specialty: 'Other' } });
  await page.reload();
  await expect(card).toContainText('Dr. Never Seen');
  await card.getByRole('button', { name: 'Remove Dr. Never Seen' }).click();
  await page.getByRole('alertdialog', { name: 'Remove provider?' }).getByRole('button', { name: 'Remove Provider' }).click();
  await expectToast(page, 'Provider removed', 'Dr. Never Seen has been removed from your providers.');
  await expect(card).not.toContainText('Dr. Never Seen');
  expect((await getJson<Provider[]>(page, server, '/api/providers/1')).map((p) => p.name)).not.toContain('Dr. Never Seen');
});

test('Cancel asks first: Keep Appointment keeps it, Cancel Appointment cancels it and reopens its care item', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openAppointments(page, server);
  const date = day(addDays(new Date(), 9));
  const upcoming = sectionOf(page, 'Upcoming Appointments');
  await upcoming.getByRole('button', { name: /^Cancel Eye Examination/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Appointment' });
  await expect(confirm).toContainText(`Are you sure you want to cancel your Eye Examination appointment on ${date}?`);
  await confirm.getByRole('button', { name: 'Keep Appointment' }).click();
  await expect(confirm).toBeHidden();
  await expect(upcoming).toContainText('Eye Examination');
  expect((await getJson<Appointment[]>(page, server, '/api/appointments/1')).find((a) => a.id === 2)?.status).toBe('scheduled');

  await upcoming.getByRole('button', { name: /^Cancel Eye Examination/ }).click();
  await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expectToast(page, 'Appointment Cancelled', `Your Eye Examination appointment on ${date} has been cancelled.`);
  await expect(upcoming).toContainText('No upcoming appointments.');
  await expect(sectionOf(page, 'Cancelled Appointments')).toContainText(`Was scheduled with Dr. James Patel for ${date}`);
  await expect(page.getByRole('heading', { name: 'Upcoming Appointments' })).toBeFocused();

  expect((await getJson<Appointment[]>(page, server, '/api/appointments/1')).find((a) => a.id === 2)?.status).toBe('cancelled');
  const care = await getJson<CareItem[]>(page, server, '/api/preventative-care/1');
  expect(care.find((item) => item.id === 2)?.status).toBe('upcoming');
  await page.reload();
  await expect(sectionOf(page, 'Cancelled Appointments')).toContainText('Eye Examination');
});

test('Complete asks first, then completes the appointment and its care item; a refused change says why', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openAppointments(page, server);
  const date = day(addDays(new Date(), 9));
  await sectionOf(page, 'Upcoming Appointments').getByRole('button', { name: /^Complete Eye Examination/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Complete Appointment' });
  await expect(confirm).toContainText(`Mark your Eye Examination appointment on ${date} as completed?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await sectionOf(page, 'Upcoming Appointments').getByRole('button', { name: /^Complete Eye Examination/ }).click();
  await confirm.getByRole('button', { name: 'Mark as Completed' }).click();
  await expectToast(page, 'Appointment Completed', `Your Eye Examination appointment on ${date} is marked as completed.`);
  await expect(sectionOf(page, 'Completed Appointments')).toContainText(`With Dr. James Patel on ${date}`);
  const care = await getJson<CareItem[]>(page, server, '/api/preventative-care/1');
  expect(care.find((item) => item.id === 2)).toMatchObject({ status: 'completed', lastCompleted: format(new Date(), 'yyyy-MM-dd') });

  // Changed elsewhere meanwhile: the server refuses and the toast gives its reason.
  const booked = await page.request.post(`${server.url}/api/appointments`, {
    data: { userId: 1, providerId: 1, appointmentType: 'Filling', appointmentDate: format(addDays(new Date(), 3), 'yyyy-MM-dd'), appointmentTime: 'morning' },
  });
  const { id } = (await booked.json()) as Appointment;
  await page.reload();
  await sectionOf(page, 'Upcoming Appointments').getByRole('button', { name: /^Complete Filling/ }).click();
  await page.request.patch(`${server.url}/api/appointments/${id}/status`, { data: { status: 'cancelled' } });
  await confirm.getByRole('button', { name: 'Mark as Completed' }).click();
  await expectToast(page, 'Error', 'Failed to update appointment: This appointment is already cancelled');
  await expect(sectionOf(page, 'Cancelled Appointments')).toContainText('Filling');
});

test("'Add to calendar' and 'Export calendar' download iCalendar files", async ({ page }) => {
  await openAppointments(page);
  const one = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Add to calendar: Eye Examination/ }).click();
  const single = await one;
  expect(single.suggestedFilename()).toBe('appointment-2.ics');
  const text = await downloaded(single);
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(text).toContain('SUMMARY:Eye Examination with Dr. James Patel');
  expect(text).toContain('LOCATION:88 Elm Avenue\\, Springfield');

  const all = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export calendar' }).click();
  const exported = await all;
  expect(exported.suggestedFilename()).toBe('appointments.ics');
  const everything = await downloaded(exported);
  // Every scheduled appointment: the demo has one.
  expect(everything.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(everything).toContain('SUMMARY:Eye Examination with Dr. James Patel');
});

test('everything works by keyboard: booking with a new provider, then cancelling', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openAppointments(page, server);
  await pressUntilFocused(page, page.getByRole('tab', { name: 'View Appointments' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Schedule New' })).toHaveAttribute('aria-selected', 'true');

  await pressUntilFocused(page, typeSelect(page));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Annual Physical' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(typeSelect(page)).toHaveText('Annual Physical');
  await expect(typeSelect(page)).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(providerSelect(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Add New Provider' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = providerDialog(page);
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Dr. Key Board');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Specialty' })).toHaveText('Primary Care');
  await page.keyboard.press('Tab');
  await page.keyboard.type('555-201-7777');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Provider added', 'Dr. Key Board has been added to your providers.');
  await expect(providerSelect(page)).toBeFocused();
  await expect(providerSelect(page)).toHaveText('Dr. Key Board (Primary Care)');

  await page.keyboard.press('Tab');
  const dateButton = scheduleCard(page).getByRole('button', { name: /^Preferred Date/ });
  await expect(dateButton).toBeFocused();
  await page.keyboard.press('Enter');
  const tomorrow = addDays(new Date(), 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(dateButton).toBeFocused();
  await expect(dateButton).toContainText(day(tomorrow));

  await page.keyboard.press('Tab');
  await expect(scheduleCard(page).getByRole('radio', { name: 'Afternoon' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  // Wait for the focus to move before Space: a fast press can reach the radio that is losing it.
  await expect(scheduleCard(page).getByRole('radio', { name: 'Morning' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(scheduleCard(page).getByRole('radio', { name: 'Morning' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(scheduleCard(page).getByLabel('Additional Notes')).toBeFocused();
  await page.keyboard.type('By keyboard');
  await pressUntilFocused(page, scheduleCard(page).getByRole('button', { name: 'Schedule Appointment' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Appointment Scheduled', `Annual Physical with Dr. Key Board on ${day(tomorrow)}`);
  await expect(page).toHaveURL(`${server.url}/`);

  await openAppointments(page, server);
  const cancel = sectionOf(page, 'Upcoming Appointments').getByRole('button', { name: /^Cancel Annual Physical/ });
  await pressUntilFocused(page, cancel);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Appointment' });
  // The safe choice has the focus first.
  await expect(confirm.getByRole('button', { name: 'Keep Appointment' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Cancel Appointment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Appointment Cancelled', `Your Annual Physical appointment on ${day(tomorrow)} has been cancelled.`);
  await expect(page.getByRole('heading', { name: 'Upcoming Appointments' })).toBeFocused();
  const [stored] = await getJson<Appointment[]>(page, server, '/api/appointments/1');
  expect(stored).toMatchObject({ appointmentType: 'Annual Physical', appointmentTime: 'morning', notes: 'By keyboard', status: 'cancelled' });
});

for (const theme of ['light', 'dark'] as const) {
  test(`both tabs and each dialog have no axe violations in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openAppointments(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /^Cancel Eye Examination/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Cancel Appointment' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Complete Eye Examination/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Complete Appointment' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit Dr. Sarah Chen' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Provider' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Remove Dr. Sarah Chen' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Remove provider?' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Schedule New' }).click();
    await scheduleCard(page).getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(scheduleCard(page).getByText('Healthcare provider is required')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expectNoAxeViolations(page);

    await providerSelect(page).click();
    await page.getByRole('option', { name: 'Add New Provider' }).click();
    await providerDialog(page).getByRole('button', { name: 'Save Provider' }).click();
    await expect(providerDialog(page).getByText('Provider name is required')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('heading', { level: 1 }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'View Appointments' }).click();
    await expectNoAxeViolations(page);
  });
}
