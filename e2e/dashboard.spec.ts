import type { APIRequestContext } from '@playwright/test';
import { addDays, format, subDays } from 'date-fns';
import { expect, test } from './fixtures';

const day = (date: Date) => format(date, 'yyyy-MM-dd');
const shown = (date: Date) => format(date, 'MMM d, yyyy');

async function post(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('an empty account shows every empty state', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  await expect(page.getByText("Here's your health overview for today")).toBeVisible();
  await expect(page.getByText('No upcoming appointments')).toBeVisible();
  await expect(page.getByText('All preventative care is up to date')).toBeVisible();
  await expect(page.getByText('On Track')).toBeVisible();
  await expect(page.getByText('0 Files')).toBeVisible();
  await expect(page.getByText('No records uploaded yet')).toBeVisible();
  await expect(page.getByText('No recent activity')).toBeVisible();
  await expect(page.getByText('No preventative care items found')).toBeVisible();
});

test('the cards follow data created through the API', async ({ page, playwright, freshServer }) => {
  const server = await freshServer('account');
  const request = await playwright.request.newContext({ baseURL: server.url });
  const provider = await post(request, '/api/providers', { userId: 1, name: 'Dr. Maria Lopez', specialty: 'Primary Care' });

  await post(request, '/api/appointments', {
    userId: 1, providerId: provider.id, appointmentType: 'Dental Cleaning', appointmentDate: day(addDays(new Date(), 20)), appointmentTime: '10:00',
  });
  await post(request, '/api/appointments', {
    userId: 1, providerId: provider.id, service: 'Annual Physical', date: day(addDays(new Date(), 5)), timeSlot: '9:00 AM', status: 'Scheduled',
  });
  // Scheduled but already begun: a clock time earlier today is not "in the future".
  await post(request, '/api/appointments', {
    userId: 1, providerId: provider.id, appointmentType: 'Blood Draw', appointmentDate: day(new Date()), appointmentTime: '00:00',
  });
  const cancelled = await post(request, '/api/appointments', {
    userId: 1, providerId: provider.id, appointmentType: 'Eye Examination', appointmentDate: day(addDays(new Date(), 2)), appointmentTime: 'morning',
  });
  expect((await request.patch(`/api/appointments/${cancelled.id}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);

  await post(request, '/api/preventative-care', {
    userId: 1, careName: 'Flu Vaccine', dueDate: day(addDays(new Date(), 1)), status: 'upcoming', recurringMonths: 12,
  });
  // An item already past due, as one becomes when its date passes.
  const colonoscopy = await post(request, '/api/preventative-care', {
    userId: 1, careName: 'Colonoscopy', dueDate: day(new Date()), status: 'upcoming',
  });
  expect((await request.patch(`/api/preventative-care/${colonoscopy.id}`, { data: { status: 'overdue', dueDate: day(subDays(new Date(), 10)) } })).status()).toBe(200);

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await post(request, '/api/medical-records', {
    userId: 1, filename: 'blood-test.pdf', fileType: 'application/pdf', fileSize: pdf.length,
    fileContents: `data:application/pdf;base64,${pdf.toString('base64')}`, description: 'Lipids',
  });

  await page.goto(server.url);
  const appointmentsCard = page.locator('section', { hasText: 'Upcoming Appointments' });
  // The count itself, exactly: the card's other text holds digits too (dates).
  await expect(appointmentsCard.getByText('2', { exact: true })).toBeVisible();
  await expect(appointmentsCard).toContainText(`Next: Annual Physical on ${shown(addDays(new Date(), 5))}`);

  const careCard = page.locator('section', { has: page.getByRole('heading', { name: 'Preventative Care', exact: true }) });
  await expect(careCard.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(careCard).toContainText('Colonoscopy is overdue');

  const recordsCard = page.locator('section', { hasText: 'Medical Records' });
  await expect(recordsCard.getByText('1 Files', { exact: true })).toBeVisible();
  await expect(recordsCard).toContainText(`Last updated ${shown(new Date())}`);

  const timeline = page.locator('section', { hasText: 'Preventative Care Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText('Colonoscopy');
  await expect(timeline.getByRole('listitem').first().getByText('Overdue by 10 days', { exact: true })).toBeVisible();
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Flu Vaccine');
  await expect(timeline.getByRole('listitem').nth(1).getByText(`Due ${shown(addDays(new Date(), 1))}`, { exact: true })).toBeVisible();
  await expect(timeline.getByRole('link', { name: 'Schedule Now: Colonoscopy' })).toHaveAttribute('href', `/appointments?care=${colonoscopy.id}`);
  await expect(timeline.getByRole('link', { name: 'View details' })).toHaveAttribute('href', '/preventative');

  // Eight changes were recorded; the card shows three, newest first, and 'View all' opens the Activity page.
  const activity = page.locator('section', { hasText: 'Recent Activity' });
  await expect(activity.getByRole('listitem')).toHaveCount(3);
  await expect(activity.getByRole('listitem').first()).toContainText('Uploaded blood-test.pdf');

  await activity.getByRole('link', { name: 'View all' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const all = page.getByRole('list', { name: 'All Activity' }).getByRole('listitem');
  await expect(all).toHaveCount(8);
  await expect(all.first()).toContainText('Uploaded blood-test.pdf');
  await expect(all.last()).toHaveAttribute('aria-setsize', '8');
  await page.getByRole('searchbox', { name: 'Search your activity' }).fill('UPLOADED BLOOD');
  await expect(all).toHaveCount(1);
  await expect(all.first()).toContainText('Uploaded blood-test.pdf');
  await request.dispose();
});

test('scheduled care shows its check mark and the seeded patient greets by first name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  const timeline = page.locator('section', { hasText: 'Preventative Care Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Scheduled');
});

test('the appointments and records cards lead to their screens', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'View records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
});
