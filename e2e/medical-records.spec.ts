import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import type { MedicalRecord } from '../src/shared/contracts/medical-records';
import { samplePdf, samplePng } from '../src/server/db/sample-documents';
import { pdfOfSize } from '../src/testing/documents';
import { expect, expectNoAxeViolations, holdRequests, test, useStoredTheme } from './fixtures';
import { expectToast, expectToastRecorded, pressUntilFocused, recordToasts } from './support/interactions';
import type { RunningServer } from './support/server';

const MIB_20 = 20 * 1024 * 1024;
const today = () => format(new Date(), 'MMM d, yyyy');

/** The contract's size text: base 1024, one decimal, no trailing '.0' ('779 Bytes', '1.2 KB', '20 MB'). */
function sizeText(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const unit = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** unit).toFixed(1))} ${units[unit]}`;
}

const labPdf = samplePdf('Complete Blood Count', ['Hemoglobin: 14.1 g/dL', 'White cells: 6.2 x10^9/L']);
const xrayPng = samplePng(160, 120);

type Upload = { name: string; mimeType: string; buffer: Buffer };

const panelOf = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Upload a Record' }) });
/** The drop zone, which is also the button that opens the picker; its name follows the chosen file. */
const dropZoneOf = (page: Page) => panelOf(page).getByRole('button', { name: /Choose a (different )?file/ });
const listOf = (page: Page) => page.getByRole('list', { name: 'Your Records' });
const rowOf = (page: Page, filename: string) =>
  listOf(page).getByRole('listitem').filter({ has: page.getByText(filename, { exact: true }) });

async function openRecords(page: Page, server: RunningServer) {
  await page.goto(`${server.url}/records`);
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Upload New Record' }).click();
  await expect(panelOf(page)).toBeVisible();
}

/** Chooses the file in the open panel, types the description and uploads it, waiting for the success toast. */
async function uploadThroughPanel(page: Page, file: Upload | string, name: string, description?: string) {
  const panel = panelOf(page);
  await page.getByTestId('document-file-input').setInputFiles(file);
  await expect(panel).toContainText(name);
  if (description) await panel.getByLabel('Description (optional)').fill(description);
  await panel.getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'Record uploaded', `${name} has been added to your records.`);
}

/** Stores a record through the API, as the upload panel would, for tests about what happens after. */
async function uploadByApi(page: Page, server: RunningServer, filename: string, bytes: Buffer, fileType: string, description?: string) {
  const response = await page.request.post(`${server.url}/api/medical-records`, {
    data: { userId: 1, filename, fileType, fileSize: bytes.length, fileContents: `data:${fileType};base64,${bytes.toString('base64')}`, description },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MedicalRecord;
}

async function listByApi(page: Page, server: RunningServer) {
  const response = await page.request.get(`${server.url}/api/medical-records/1`);
  expect(response.status()).toBe(200);
  return (await response.json()) as MedicalRecord[];
}

test('an empty account shows the empty state, and the button shows and hides the upload panel', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await expect(page.getByText('Securely store and manage your medical documents')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your Records' })).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();
  await expect(page.getByText('Upload your medical records to keep them organized in one place.')).toBeVisible();
  await expect(panelOf(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Upload New Record' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Upload a Record' })).toBeVisible();
  await expect(dropZoneOf(page)).toBeVisible();
  await expect(page.getByLabel('Description (optional)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Record', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Upload a Record' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload New Record' })).toBeVisible();
});

test('a real PDF and a real PNG upload with descriptions, newest first, and stay after a reload and on the dashboard', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  const panel = panelOf(page);

  await page.getByTestId('document-file-input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: labPdf });
  await expect(panel).toContainText('lab-results.pdf');
  await expect(panel).toContainText(sizeText(labPdf.length));
  await uploadThroughPanel(page, { name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: labPdf }, 'lab-results.pdf', 'Annual blood work');
  await expect(panel).not.toContainText('lab-results.pdf');
  await expect(panel.getByLabel('Description (optional)')).toHaveValue('');

  await uploadThroughPanel(page, { name: 'chest-x-ray.png', mimeType: 'image/png', buffer: xrayPng }, 'chest-x-ray.png', 'Chest X-ray, front');
  await expect(panel).not.toContainText('chest-x-ray.png');
  await expect(panel.getByLabel('Description (optional)')).toHaveValue('');

  const expectRows = async () => {
    const items = listOf(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('chest-x-ray.png');
    await expect(items.nth(0)).toContainText(`Uploaded on ${today()} • ${sizeText(xrayPng.length)}`);
    await expect(items.nth(0)).toContainText('Chest X-ray, front');
    await expect(items.nth(1)).toContainText('lab-results.pdf');
    await expect(items.nth(1)).toContainText(`Uploaded on ${today()} • ${sizeText(labPdf.length)}`);
    await expect(items.nth(1)).toContainText('Annual blood work');
    for (const name of ['chest-x-ray.png', 'lab-results.pdf']) {
      for (const action of ['View', 'Download', 'Delete']) {
        await expect(rowOf(page, name).getByRole('button', { name: `${action} ${name}` })).toBeVisible();
      }
    }
  };
  await expectRows();
  await page.reload();
  await expectRows();

  // The stored bytes are the chosen file's.
  const records = await listByApi(page, server);
  expect(records.map((r) => [r.filename, r.fileType, r.fileSize])).toEqual([
    ['chest-x-ray.png', 'image/png', xrayPng.length],
    ['lab-results.pdf', 'application/pdf', labPdf.length],
  ]);

  await page.goto(server.url);
  const activity = page.locator('section', { hasText: 'Recent Activity' });
  await expect(activity.getByRole('listitem').first()).toContainText('Uploaded chest-x-ray.png');
  await expect(activity).toContainText('Uploaded lab-results.pdf');
});

test('a file dropped on the drop zone is chosen and uploads', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  const dropZone = dropZoneOf(page);
  await expect(dropZone).not.toHaveAttribute('data-dragging', 'true');

  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: 'dropped-scan.png', type: 'image/png', base64: xrayPng.toString('base64') },
  );
  await dropZone.dispatchEvent('dragenter', { dataTransfer });
  await dropZone.dispatchEvent('dragover', { dataTransfer });
  await expect(dropZone).toHaveAttribute('data-dragging', 'true');
  await dropZone.dispatchEvent('drop', { dataTransfer });
  await expect(dropZone).not.toHaveAttribute('data-dragging', 'true');
  await expect(panelOf(page)).toContainText('dropped-scan.png');
  await expect(panelOf(page)).toContainText(sizeText(xrayPng.length));

  await panelOf(page).getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'Record uploaded', 'dropped-scan.png has been added to your records.');
  await expect(rowOf(page, 'dropped-scan.png')).toContainText(`Uploaded on ${today()} • ${sizeText(xrayPng.length)}`);
  expect((await listByApi(page, server)).map((r) => r.fileSize)).toEqual([xrayPng.length]);
});

test('the client refuses a press with no file, a wrong type and a file over 20 MiB', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  const panel = panelOf(page);
  const input = page.getByTestId('document-file-input');

  await panel.getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'No file selected', 'Please select a file to upload');

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Blood pressure 120/80\n') });
  await expectToast(page, 'Invalid file type', 'Only PDF, JPG, and PNG files are supported');
  await expect(panel).not.toContainText('notes.txt');

  await input.setInputFiles({ name: 'huge-scan.pdf', mimeType: 'application/pdf', buffer: pdfOfSize(MIB_20 + 1) });
  await expectToast(page, 'File too large', 'Maximum file size is 20MB');
  await expect(panel).not.toContainText('huge-scan.pdf');

  // Nothing was chosen, so pressing Upload Record again still has no file.
  await panel.getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'No file selected', 'Please select a file to upload');
  await expect(page.getByText('No records found')).toBeVisible();
  expect(await listByApi(page, server)).toEqual([]);
});

test("a description longer than the contract allows is refused beside the field, and nothing is sent", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  const panel = panelOf(page);
  const description = panel.getByLabel('Description (optional)');
  await expect(description).toHaveAttribute('maxlength', '1000');
  // The field stops typing at 1,000 characters; the form checks the contract's rule all the same, as it would a
  // pasted or scripted value.
  await description.evaluate((input) => input.removeAttribute('maxlength'));
  await description.fill('x'.repeat(1001));
  const posts = await holdRequests(page, '**/api/medical-records');
  await page.getByTestId('document-file-input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: labPdf });
  await panel.getByRole('button', { name: 'Upload Record', exact: true }).click();

  const message = panel.getByText('Must be at most 1000 characters');
  await expect(message).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription('must be at most 1000 characters');
  await expect(description).toBeFocused();
  await expectNoAxeViolations(page);

  await description.fill('Annual blood work');
  await expect(message).toHaveCount(0);
  await expect(description).not.toHaveAttribute('aria-invalid');
  expect(posts.count).toBe(0);
  posts.release();
  await panel.getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'Record uploaded', 'lab-results.pdf has been added to your records.');
  expect((await listByApi(page, server)).map((r) => r.description)).toEqual(['Annual blood work']);
});

test("a file the server refuses shows the server's message", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  // Named and typed as a PDF, so the client lets it through; its bytes are HTML, which the server sees.
  const html = Buffer.from('<!doctype html><script>alert(1)</script>');
  await page.getByTestId('document-file-input').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: html });
  await expect(panelOf(page)).toContainText('fake.pdf');
  await panelOf(page).getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expectToast(page, 'Error', 'Failed to upload record: Only PDF, JPG, and PNG files are supported');
  await expect(page.getByText('No records found')).toBeVisible();
  expect(await listByApi(page, server)).toEqual([]);
});

test('the server refuses 20 MiB + 1 byte sent around the client check, and the list is unchanged', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await uploadByApi(page, server, 'lab-results.pdf', labPdf, 'application/pdf');
  await openRecords(page, server);
  await expect(listOf(page).getByRole('listitem')).toHaveCount(1);

  const big = pdfOfSize(MIB_20 + 1);
  const response = await page.request.post(`${server.url}/api/medical-records`, {
    data: { userId: 1, filename: 'huge-scan.pdf', fileType: 'application/pdf', fileSize: big.length, fileContents: `data:application/pdf;base64,${big.toString('base64')}` },
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toEqual({ message: 'Maximum file size is 20MB' });

  await page.reload();
  await expect(listOf(page).getByRole('listitem')).toHaveCount(1);
  await expect(rowOf(page, 'lab-results.pdf')).toBeVisible();
  await expect(page.getByText('huge-scan.pdf')).toHaveCount(0);
  expect((await listByApi(page, server)).map((r) => r.filename)).toEqual(['lab-results.pdf']);
});

test('a PDF of exactly 20 MiB uploads through the screen, with its progress on the button', async ({ page, freshServer }) => {
  // About 11 s on a quiet two-core machine; one CI machine took over 60 s to the toast. Bounds on a state, not waits.
  test.setTimeout(240_000);
  const server = await freshServer('account');
  const folder = mkdtempSync(join(tmpdir(), 'healthassist-e2e-upload-'));
  try {
    const path = join(folder, 'full-body-scan.pdf');
    const bytes = pdfOfSize(MIB_20);
    writeFileSync(path, bytes);
    await openRecords(page, server);
    await openPanel(page);
    const panel = panelOf(page);
    await page.getByTestId('document-file-input').setInputFiles(path);
    await expect(panel).toContainText('full-body-scan.pdf');
    await expect(panel).toContainText('20 MB');

    const submit = panel.getByRole('button', { name: 'Upload Record', exact: true });
    // Every label and busy state the button goes through, recorded in the page as it changes.
    const states = await submit.evaluateHandle((button) => {
      const seen: string[] = [];
      const note = () => {
        const state = `${button.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled'}|${button.textContent?.trim()}`;
        if (seen.at(-1) !== state) seen.push(state);
      };
      new MutationObserver(note).observe(button, { subtree: true, childList: true, characterData: true, attributes: true });
      return seen;
    });
    const shownToasts = await recordToasts(page);
    await submit.click();
    await expect(rowOf(page, 'full-body-scan.pdf')).toContainText(`Uploaded on ${today()} • 20 MB`, { timeout: 150_000 });
    await expectToastRecorded(shownToasts, 'Record uploaded', 'full-body-scan.pdf has been added to your records.');

    const [record] = await listByApi(page, server);
    expect(record?.fileSize).toBe(MIB_20);
    const file = await page.request.get(`${server.url}/api/medical-records/${record?.id}/file`);
    expect((await file.body()).equals(bytes)).toBe(true);

    // Last, so that a wrong label does not hide whether the file itself arrived.
    const busy = (await states.jsonValue()).filter((state) => state !== 'enabled|Upload Record');
    expect(busy.length, 'the button showed no progress').toBeGreaterThan(0);
    const trace = `labels seen: ${busy.join(' → ')}`;
    expect(busy.filter((state) => !/^disabled\|(Reading file…|Uploading…) \d{1,3}%$/.test(state)), trace).toEqual([]);
    const stages = busy.map((state) => (state.includes('Reading file…') ? 'reading' : 'uploading'));
    expect(stages, `reading comes before uploading; ${trace}`).toEqual([...stages].sort((a, b) => (a === b ? 0 : a === 'reading' ? -1 : 1)));
    expect(stages, trace).toContain('uploading');
    await expect(submit).toBeEnabled();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('view shows the image and the PDF in a dialog, and closing returns focus to the button', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const pdf = await uploadByApi(page, server, 'lab-results.pdf', labPdf, 'application/pdf');
  const png = await uploadByApi(page, server, 'chest-x-ray.png', xrayPng, 'image/png');
  await openRecords(page, server);

  const viewPng = page.getByRole('button', { name: 'View chest-x-ray.png' });
  await viewPng.click();
  await expectToast(page, 'Opening chest-x-ray.png', 'Opening chest-x-ray.png', { behindModal: true });
  const imageDialog = page.getByRole('dialog', { name: 'chest-x-ray.png' });
  await expect(imageDialog).toBeVisible();
  const image = imageDialog.getByRole('img', { name: 'chest-x-ray.png' });
  await expect(image).toHaveAttribute('src', `/api/medical-records/${png.id}/file`);
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(160);
  await imageDialog.getByRole('button', { name: 'Close' }).click();
  await expect(imageDialog).toBeHidden();
  await expect(viewPng).toBeFocused();

  const viewPdf = page.getByRole('button', { name: 'View lab-results.pdf' });
  await viewPdf.click();
  await expectToast(page, 'Opening lab-results.pdf', 'Opening lab-results.pdf', { behindModal: true });
  const pdfDialog = page.getByRole('dialog', { name: 'lab-results.pdf' });
  await expect(pdfDialog).toBeVisible();
  const frame = pdfDialog.locator('iframe[title="lab-results.pdf"]');
  await expect(frame).toHaveAttribute('src', `/api/medical-records/${pdf.id}/file`);
  const src = await frame.getAttribute('src');
  const served = await page.request.get(new URL(src ?? '', server.url).href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await served.body()).equals(labPdf)).toBe(true);
  // Chromium's PDF viewer runs inside the frame (a sandboxed document that it refused would show an error page).
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://') && f.url().endsWith('/index.html')))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(pdfDialog).toBeHidden();
  await expect(viewPdf).toBeFocused();
});

test('download saves the original bytes under the original name', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await uploadByApi(page, server, 'Blutbild März 2024.pdf', labPdf, 'application/pdf');
  await uploadByApi(page, server, 'chest-x-ray.png', xrayPng, 'image/png');
  await openRecords(page, server);

  for (const [name, bytes] of [['Blutbild März 2024.pdf', labPdf], ['chest-x-ray.png', xrayPng]] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${name}` }).click();
    const download = await downloading;
    await expectToast(page, `Downloading ${name}`, `Downloading ${name}`);
    expect(download.suggestedFilename()).toBe(name);
    const saved = test.info().outputPath(name);
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(bytes)).toBe(true);
  }
});

test('delete asks first: Cancel keeps the row, Delete removes it for good', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await uploadByApi(page, server, 'lab-results.pdf', labPdf, 'application/pdf', 'Annual blood work');
  await uploadByApi(page, server, 'chest-x-ray.png', xrayPng, 'image/png');
  await openRecords(page, server);

  await page.getByRole('button', { name: 'Delete lab-results.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Record' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Are you sure you want to delete "lab-results.pdf"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, 'lab-results.pdf')).toBeVisible();
  expect(await listByApi(page, server)).toHaveLength(2);

  await page.getByRole('button', { name: 'Delete lab-results.pdf' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Record deleted', 'Medical record has been deleted successfully');
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, 'lab-results.pdf')).toHaveCount(0);
  await expect(listOf(page).getByRole('listitem')).toHaveCount(1);

  await page.reload();
  await expect(rowOf(page, 'chest-x-ray.png')).toBeVisible();
  await expect(listOf(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('lab-results.pdf')).toHaveCount(0);
  expect((await listByApi(page, server)).map((r) => r.filename)).toEqual(['chest-x-ray.png']);
});

test('a filename with markup shows as plain text everywhere', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const name = '<img src=x onerror=alert(1)>.png';
  await openRecords(page, server);
  await openPanel(page);
  await uploadThroughPanel(page, { name, mimeType: 'image/png', buffer: xrayPng }, name, '<b>bold?</b>');

  await expect(listOf(page).getByText(name, { exact: true })).toBeVisible();
  await expect(listOf(page).getByText('<b>bold?</b>', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `View ${name}` }).click();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer.getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Are you sure you want to delete "${name}"?`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  await expect(listOf(page).getByText(name, { exact: true })).toBeVisible();
  await page.goto(server.url);
  await expect(page.getByText(`Uploaded ${name}`, { exact: true })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the whole flow works by keyboard alone', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);

  await pressUntilFocused(page, page.getByRole('button', { name: 'Upload New Record' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Upload a Record' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Upload' })).toBeFocused();

  await pressUntilFocused(page, dropZoneOf(page));
  const choosing = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await choosing).setFiles({ name: 'keyboard-scan.png', mimeType: 'image/png', buffer: xrayPng });
  await expect(panelOf(page)).toContainText('keyboard-scan.png');

  await pressUntilFocused(page, page.getByLabel('Description (optional)'));
  await page.keyboard.type('Typed without a mouse');
  const submit = page.getByRole('button', { name: 'Upload Record', exact: true });
  await pressUntilFocused(page, submit);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Record uploaded', 'keyboard-scan.png has been added to your records.');
  await expect(rowOf(page, 'keyboard-scan.png')).toContainText('Typed without a mouse');
  // Focus stayed on the button through the upload, so the next Tab goes on from there, not from the top.
  await expect(submit).toBeFocused();

  const view = page.getByRole('button', { name: 'View keyboard-scan.png' });
  await pressUntilFocused(page, view);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'keyboard-scan.png' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'keyboard-scan.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(view).toBeFocused();

  await pressUntilFocused(page, page.getByRole('button', { name: 'Delete keyboard-scan.png' }));
  await page.keyboard.press('Space');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Record' });
  await expect(confirm).toBeVisible();
  await pressUntilFocused(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Record deleted', 'Medical record has been deleted successfully');
  await expect(page.getByText('No records found')).toBeVisible();
  expect(await listByApi(page, server)).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open panel, the viewer and the delete dialog have no axe violations in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.goto('/records');
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Upload New Record' }).click();
    await expect(panelOf(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByTestId('document-file-input').setInputFiles({ name: 'chosen-scan.pdf', mimeType: 'application/pdf', buffer: labPdf });
    await expect(panelOf(page)).toContainText('chosen-scan.pdf');
    await expectNoAxeViolations(page);

    // The image viewer: the PDF one is the same dialog around an iframe, and inside that iframe is
    // Chromium's own PDF viewer page, whose missing <main> and <h1> axe would count against this screen.
    const list = listOf(page);
    await list.getByRole('button', { name: /^View .+\.png$/ }).first().click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('img')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await list.getByRole('button', { name: /^Delete / }).first().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
  });
}

test('pressing Upload again, or Enter in the description, while an upload runs sends nothing more', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  // Each request is held until the presses are done, so that they all land while the first upload runs.
  const posts = await holdRequests(page, '**/api/medical-records');
  await page.getByTestId('document-file-input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: labPdf });
  const submit = panelOf(page).getByRole('button', { name: /Upload Record|Reading file…|Uploading…/ });
  await submit.click();
  await expect.poll(() => posts.count).toBe(1);
  await submit.click({ force: true }); // force: Playwright itself would wait for an aria-disabled button.
  await submit.press('Enter');
  await panelOf(page).getByLabel('Description (optional)').press('Enter');
  posts.release();
  await expectToast(page, 'Record uploaded', 'lab-results.pdf has been added to your records.');
  await expect(listOf(page).getByRole('listitem')).toHaveCount(1);
  expect(posts.count).toBe(1);
  expect(await listByApi(page, server)).toHaveLength(1);
});

test('closing the panel mid-upload cancels it: the request is dropped and nothing is stored', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  await openPanel(page);
  // The request is held, so the panel is closed while it is in flight; by its release the page has dropped it.
  const upload = await holdRequests(page, '**/api/medical-records', 'abort');
  const dropped: string[] = [];
  page.on('requestfailed', (request) => request.method() === 'POST' && dropped.push(request.failure()?.errorText ?? ''));

  await page.getByTestId('document-file-input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: labPdf });
  await panelOf(page).getByRole('button', { name: 'Upload Record', exact: true }).click();
  await expect(panelOf(page).getByRole('button', { name: /^Uploading… \d+%$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Upload' }).click();
  await expect(panelOf(page)).toHaveCount(0);
  await expectToast(page, 'Upload cancelled', 'Upload cancelled');
  await expect.poll(() => dropped).toEqual(['net::ERR_ABORTED']);
  upload.release();
  await page.unroute('**/api/medical-records');
  await expect(page.getByText('No records found')).toBeVisible();
  expect(await listByApi(page, server)).toEqual([]);
});

test('a delete that fails says why and the list catches up', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const record = await uploadByApi(page, server, 'lab-results.pdf', labPdf, 'application/pdf');
  await openRecords(page, server);
  await page.getByRole('button', { name: 'Delete lab-results.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Record' });
  await expect(confirm).toBeVisible();
  // Deleted meanwhile, from another tab.
  expect((await page.request.delete(`${server.url}/api/medical-records/${record.id}`)).status()).toBe(204);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Error', 'Failed to delete record: Medical record not found');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No records found')).toBeVisible();
});

test('the dashboard and the list follow an upload and a delete without a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(server.url);
  const navigation = page.getByRole('navigation');
  const recordsCard = page.locator('section', { hasText: 'Medical Records' });
  await expect(recordsCard).toContainText('No records uploaded yet');
  await expect(page.getByText('No recent activity')).toBeVisible();

  await navigation.getByRole('link', { name: 'Medical Records' }).click();
  await openPanel(page);
  await uploadThroughPanel(page, { name: 'chest-x-ray.png', mimeType: 'image/png', buffer: xrayPng }, 'chest-x-ray.png');
  await expect(rowOf(page, 'chest-x-ray.png')).toBeVisible();

  await navigation.getByRole('link', { name: 'Dashboard' }).click();
  await expect(recordsCard).toContainText('1 Files');
  await expect(page.locator('section', { hasText: 'Recent Activity' })).toContainText('Uploaded chest-x-ray.png');

  await navigation.getByRole('link', { name: 'Medical Records' }).click();
  await page.getByRole('button', { name: 'Delete chest-x-ray.png' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Record deleted', 'Medical record has been deleted successfully');
  await expect(page.getByText('No records found')).toBeVisible();
  // The row was focused through its Delete button; with the row gone, focus lands on the list's heading.
  await expect(page.getByRole('heading', { name: 'Your Records' })).toBeFocused();
  await navigation.getByRole('link', { name: 'Dashboard' }).click();
  await expect(recordsCard).toContainText('No records uploaded yet');
});

test('a file dropped beside the drop zone is refused instead of replacing the app', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openRecords(page, server);
  const refused = await page.getByRole('heading', { level: 1, name: 'Medical Records' }).evaluate((heading) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.4'], 'stray.pdf', { type: 'application/pdf' }));
    const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer });
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer });
    heading.dispatchEvent(over);
    heading.dispatchEvent(drop);
    return { over: over.defaultPrevented, drop: drop.defaultPrevented, effect: transfer.dropEffect };
  });
  expect(refused).toEqual({ over: true, drop: true, effect: 'none' });
});
