import { expect, expectNoAxeViolations, test, toasts } from './fixtures';

// Export and restore (issue 20, ADR 18): 'Download all my data' in Settings, then 'Restore from a backup' in the
// first run of another install, which then holds the same record.

test.describe.configure({ timeout: 120_000 });

/** What the screens list, read through the API of one install. */
const LISTS = ['/api/medical-records/1', '/api/insurance/1', '/api/preventative-care/1', '/api/appointments/1', '/api/providers/1', '/api/activities/1', '/api/users/1', '/api/observations/1?limit=100'];

test('everything downloaded from Settings restores on a fresh app through onboarding, with the same records', async ({ page, freshServer }) => {
  const source = await freshServer('seeded');
  await page.goto(`${source.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('link', { name: 'Download all my data' })).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  const downloading = page.waitForEvent('download');
  await settings.getByRole('link', { name: 'Download all my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^healthassist-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = await download.path();

  const target = await freshServer('empty');
  await page.goto(`${target.url}/`);
  await expect(page).toHaveURL(`${target.url}/onboarding`);
  await expect(page.getByRole('button', { name: 'Restore from a backup' })).toBeVisible();
  await expectNoAxeViolations(page);
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Restore from a backup' }).click();
  const restored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/import');
  await (await choosing).setFiles(archive);
  expect((await restored).status()).toBe(201);
  await expect(toasts(page).filter({ hasText: /documents?, \d+ appointments, \d+ medications? and \d+ care items are back/ })).toBeVisible();
  // The app is still open on this machine: the first run offers to protect the record, as after the wizard.
  await expect(page.getByRole('heading', { level: 2, name: 'Protect your record' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Alex' })).toBeVisible();

  const sourceRecords = (await (await page.request.get(`${source.url}/api/medical-records/1`)).json()) as { filename: string }[];
  await page.goto(`${target.url}/records`);
  const list = page.getByRole('list', { name: 'Your Records' });
  for (const { filename } of sourceRecords) await expect(list.getByText(filename, { exact: true })).toBeVisible();
  for (const path of LISTS) {
    const [before, after] = await Promise.all([page.request.get(`${source.url}${path}`), page.request.get(`${target.url}${path}`)]);
    expect(await after.json(), path).toEqual(await before.json());
  }
});

test('a file that is not a backup is refused with the reason, and the wizard stays', async ({ page, freshServer }) => {
  const target = await freshServer('empty');
  await page.goto(`${target.url}/onboarding`);
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Restore from a backup' }).click();
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/import');
  await (await choosing).setFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
  expect((await refused).status()).toBe(400);
  await expect(toasts(page).filter({ hasText: 'This is not a ZIP archive, or it is damaged' })).toBeVisible();
  await expect(page).toHaveURL(`${target.url}/onboarding`);
  await expect(page.getByLabel('First Name')).toBeVisible();
});
