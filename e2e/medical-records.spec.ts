import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'date-fns';
import { samplePdf, samplePng } from '../src/server/db/sample-documents';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';

const folder = mkdtempSync(join(tmpdir(), 'healthassist-e2e-files-'));
function fileOnDisk(name: string, bytes: Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}
const today = format(new Date(), 'MMM d, yyyy');
const pdf = samplePdf('Lipid panel', ['LDL: 96 mg/dL']);
const png = samplePng();

test('uploads a PDF and a PNG with descriptions; they survive a reload and reach the dashboard', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(`${server.url}/records`);
  await expect(page.getByText('No records found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload New Record' }).click();
  await page.getByTestId('record-file-input').setInputFiles(fileOnDisk('lipids.pdf', pdf));
  await page.getByLabel('Description (optional)').fill('Lipid panel, fasting');
  await page.getByRole('button', { name: 'Upload Record' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lipids.pdf has been added to your records.' })).toBeVisible();
  await expect(page.getByLabel('Description (optional)')).toHaveValue('');

  await page.getByTestId('record-file-input').setInputFiles(fileOnDisk('rash.png', png));
  await page.getByRole('button', { name: 'Upload Record' }).click();
  const list = page.getByRole('list', { name: 'Your Records' });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.reload();
  await expect(list.getByRole('listitem').first()).toContainText('rash.png');
  await expect(list.getByRole('listitem').nth(1)).toContainText('lipids.pdf');
  await expect(list.getByRole('listitem').nth(1)).toContainText(`Uploaded on ${today} • ${pdf.length} Bytes`);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Lipid panel, fasting');

  await page.goto(server.url);
  await expect(page.locator('section', { hasText: 'Recent Activity' })).toContainText('Uploaded rash.png');
  await expect(page.locator('section', { hasText: 'Medical Records' })).toContainText('2 Files');
});

test('drag and drop chooses the file, and the drop zone shows it is a target', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(`${server.url}/records`);
  await page.getByRole('button', { name: 'Upload New Record' }).click();
  const zone = page.getByRole('button', { name: 'Choose a file' });
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, png.toString('base64'));
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveAttribute('data-dragging', 'true');
  await expect(zone).toContainText('dropped.png');
  await page.getByRole('button', { name: 'Upload Record' }).click();
  await expect(page.getByRole('list', { name: 'Your Records' })).toContainText('dropped.png');
});

test('the three client checks refuse with the spec’s toasts', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(`${server.url}/records`);
  await page.getByRole('button', { name: 'Upload New Record' }).click();
  await page.getByRole('button', { name: 'Upload Record' }).click();
  await expect(page.getByRole('status')).toContainText('No file selected');
  await expect(page.getByRole('status')).toContainText('Please select a file to upload');

  await page.getByTestId('record-file-input').setInputFiles(fileOnDisk('notes.txt', Buffer.from('hello')));
  await expect(page.getByRole('status')).toContainText('Invalid file type');
  await expect(page.getByRole('status')).toContainText('Only PDF, JPG, and PNG files are supported');

  await page.getByTestId('record-file-input').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
  await expect(page.getByRole('status')).toContainText('File too large');
  await expect(page.getByRole('status')).toContainText('Maximum file size is 20MB');
  await expect(page.getByText('No records found')).toBeVisible();
});

test('the server refuses 20 MiB + 1 byte sent around the client check, and takes exactly 20 MiB through the screen', async ({ page, freshServer }) => {
  test.setTimeout(120_000);
  const server = await freshServer('account');
  const tooBig = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
  pdf.copy(tooBig, 0);
  const refused = await page.request.post(`${server.url}/api/medical-records`, {
    data: { userId: 1, filename: 'big.pdf', fileType: 'application/pdf', fileSize: tooBig.length, fileContents: `data:application/pdf;base64,${tooBig.toString('base64')}` },
  });
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toEqual({ message: 'Maximum file size is 20MB' });

  const exact = Buffer.alloc(20 * 1024 * 1024, 0x20);
  pdf.copy(exact, 0);
  await page.goto(`${server.url}/records`);
  await expect(page.getByText('No records found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload New Record' }).click();
  await page.getByTestId('record-file-input').setInputFiles(fileOnDisk('scan-20mib.pdf', exact));
  await page.getByRole('button', { name: 'Upload Record' }).click();
  await expect(page.getByRole('list', { name: 'Your Records' })).toContainText(`Uploaded on ${today} • 20 MB`, { timeout: 60_000 });
});

test('view shows the document, download saves the same bytes under the original name', async ({ page }) => {
  await page.goto('/records');
  await page.getByRole('button', { name: 'View insurance-card-front.png' }).click();
  await expect(page.getByRole('status')).toContainText('Opening insurance-card-front.png');
  const viewer = page.getByRole('dialog', { name: 'insurance-card-front.png' });
  const image = viewer.getByRole('img', { name: 'insurance-card-front.png' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('button', { name: 'View insurance-card-front.png' })).toBeFocused();

  await page.getByRole('button', { name: 'View lab-results-cbc.pdf' }).click();
  const frame = page.getByRole('dialog', { name: 'lab-results-cbc.pdf' }).locator('iframe[title="lab-results-cbc.pdf"]');
  await expect(frame).toBeVisible();
  const source = await page.request.get(new URL((await frame.getAttribute('src'))!, page.url()).toString());
  expect(source.headers()['content-type']).toBe('application/pdf');
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download lab-results-cbc.pdf' }).click()]);
  await expect(page.getByRole('status')).toContainText('Downloading lab-results-cbc.pdf');
  expect(download.suggestedFilename()).toBe('lab-results-cbc.pdf');
  const saved = readFileSync((await download.path())!);
  expect(saved.equals(await source.body())).toBe(true);
});

test('delete asks first: Cancel keeps the record, Delete removes it for good', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await page.goto(`${server.url}/records`);
  const list = page.getByRole('list', { name: 'Your Records' });
  await page.getByRole('button', { name: 'Delete lab-results-cbc.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Record' });
  await expect(confirm).toContainText('Are you sure you want to delete "lab-results-cbc.pdf"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list).toContainText('lab-results-cbc.pdf');

  await page.getByRole('button', { name: 'Delete lab-results-cbc.pdf' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('Medical record has been deleted successfully');
  await expect(list).not.toContainText('lab-results-cbc.pdf');
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});

test('a filename with markup shows as plain text', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  page.on('dialog', () => {
    throw new Error('a script from the filename ran');
  });
  const name = '<img src=x onerror=alert(1)>.png';
  const response = await page.request.post(`${server.url}/api/medical-records`, {
    data: { userId: 1, filename: name, fileType: 'image/png', fileSize: png.length, fileContents: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(response.status()).toBe(201);
  await page.goto(`${server.url}/records`);
  await expect(page.getByRole('list', { name: 'Your Records' }).getByText(name)).toBeVisible();
  await page.getByRole('button', { name: `View ${name}` }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('the whole flow works from the keyboard alone', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(`${server.url}/records`);
  await page.getByRole('button', { name: 'Upload New Record' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeFocused();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles(fileOnDisk('keyboard.pdf', pdf));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Description (optional)')).toBeFocused();
  await page.keyboard.type('Typed without a mouse');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Upload Record' })).toBeFocused();
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Your Records' });
  await expect(list).toContainText('Typed without a mouse');

  await page.getByRole('button', { name: 'View keyboard.pdf' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'keyboard.pdf' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'View keyboard.pdf' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete keyboard.pdf' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Delete Record' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No records found')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations with the panel, the viewer and the delete dialog open (${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.goto('/records');
    await page.getByRole('button', { name: 'Upload New Record' }).click();
    await expect(page.getByRole('heading', { name: 'Upload a Record' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'View insurance-card-front.png' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete insurance-card-front.png' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
  });
}
