import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { InsuranceBenefit, InsurancePlan } from '../src/shared/contracts/insurance';
import type { MedicalRecord } from '../src/shared/contracts/medical-records';
import { samplePdf, samplePng } from '../src/server/db/sample-documents';
import { expect, expectNoAxeViolations, holdRequests, test, useStoredTheme } from './fixtures';
import { chooseDate, expectToast, getJson, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

const cardPng = samplePng(200, 120);
const eobPdf = samplePdf('Explanation of Benefits', ['Claim 4471: paid $120']);
const labPdf = samplePdf('Complete Blood Count', ['Hemoglobin: 14.1 g/dL']);

const CARD_ORDER = ['Primary Insurance', 'Insurance Documents', 'Coverage Details', 'Benefits Summary'];

const cardOf = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const planDialog = (page: Page) => page.getByRole('dialog', { name: /(Edit|Add) Insurance Information/ });
const documentsOf = (page: Page) => page.getByRole('list', { name: 'Insurance Documents' });
const benefitsTable = (page: Page) => page.getByRole('table', { name: 'Benefits Summary' });

async function openInsurance(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/insurance`);
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Information' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function createPlanByApi(page: Page, server: RunningServer, overrides: Partial<InsurancePlan> = {}) {
  const response = await page.request.post(`${server.url}/api/insurance`, {
    data: {
      userId: 1,
      provider: 'Acme Health',
      memberId: 'ACM-1001',
      groupNumber: 'G-77',
      planType: 'PPO',
      effectiveDate: '2026-01-01',
      deductible: 2000,
      deductibleMet: 500,
      outOfPocketMax: 6000,
      outOfPocketMet: 1500,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as InsurancePlan;
}

async function uploadByApi(page: Page, server: RunningServer, filename: string, bytes: Buffer, fileType: string, extra: object = {}) {
  const response = await page.request.post(`${server.url}/api/medical-records`, {
    data: { userId: 1, filename, fileType, fileSize: bytes.length, fileContents: `data:${fileType};base64,${bytes.toString('base64')}`, ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MedicalRecord;
}

async function choosePlanType(page: Page, dialog: Locator, type: string) {
  await dialog.getByRole('combobox', { name: 'Plan Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

test('the cards come in the order of the spec, with the plan, its documents, coverage and benefits', async ({ page }) => {
  await openInsurance(page);
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings).toHaveText(CARD_ORDER);

  const primary = cardOf(page, 'Primary Insurance');
  for (const [term, detail] of [
    ['Provider', 'Blue Cross Blue Shield'],
    ['Member ID', 'XYZ123456789'],
    ['Group Number', 'GRP-4521'],
    ['Plan Type', 'PPO'],
    ['Effective Date', `Jan 1, ${new Date().getFullYear()}`],
  ]) {
    await expect(primary.getByRole('definition').filter({ hasText: detail })).toBeVisible();
    await expect(primary.getByRole('term').filter({ hasText: term })).toBeVisible();
  }
  await expect(primary.getByRole('button', { name: 'Edit primary insurance' })).toBeVisible();

  await expect(documentsOf(page).getByRole('listitem')).toHaveCount(1);
  await expect(documentsOf(page)).toContainText('insurance-card-front.png');

  const deductible = page.getByRole('progressbar', { name: 'Deductible met' });
  await expect(deductible).toHaveAttribute('aria-valuenow', '43');
  await expect(cardOf(page, 'Coverage Details')).toContainText('$650 of $1,500 met · 43%');
  await expect(page.getByRole('progressbar', { name: 'Out-of-Pocket met' })).toHaveAttribute('aria-valuenow', '24');
  await expect(cardOf(page, 'Coverage Details')).toContainText('$1,200 of $5,000 met · 24%');

  const rows = benefitsTable(page).getByRole('row');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(0)).toHaveText(/Service\s*In-Network\s*Out-of-Network/);
  await expect(rows.nth(1)).toContainText('Preventive care');
  await expect(rows.nth(1)).toContainText('100% covered');
  await expect(rows.nth(1)).toContainText('70% after deductible');
});

test("an account without a plan shows the empty state, and 'Add Insurance' creates the plan", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openInsurance(page, server);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(CARD_ORDER);
  const primary = cardOf(page, 'Primary Insurance');
  await expect(primary.getByText('No Insurance Information')).toBeVisible();
  await expect(primary.getByRole('button', { name: 'Edit primary insurance' })).toHaveCount(0);
  await expect(cardOf(page, 'Coverage Details').getByRole('progressbar')).toHaveCount(0);

  await primary.getByRole('button', { name: 'Add Insurance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Insurance Information' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Plan Type' })).toHaveText('PPO');

  await dialog.getByLabel('Insurance Provider').fill('Acme Health');
  await dialog.getByLabel('Member ID').fill('ACM-42');
  await dialog.getByLabel('Group Number (optional)').fill('GRP-9');
  await choosePlanType(page, dialog, 'HDHP');
  const effective = addDays(new Date(), -10);
  await chooseDate(page, dialog, 'Effective Date', effective);
  await dialog.getByLabel('Deductible ($)', { exact: true }).fill('4000');
  await dialog.getByLabel('Deductible Met ($)').fill('1000');
  await dialog.getByLabel('Out-of-Pocket Maximum ($)').fill('8000');
  // Out-of-Pocket Met left empty: it counts as $0.
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  await expectToast(page, 'Insurance Saved Successfully', 'Your Acme Health plan has been added.');
  await expect(dialog).toBeHidden();
  await expect(primary.getByRole('definition').filter({ hasText: 'ACM-42' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Deductible met' })).toHaveAttribute('aria-valuenow', '25');
  await expect(cardOf(page, 'Coverage Details')).toContainText('$1,000 of $4,000 met · 25%');
  await expect(cardOf(page, 'Coverage Details')).toContainText('$0 of $8,000 met · 0%');
  await expect(cardOf(page, 'Benefits Summary').getByText('No benefits listed')).toBeVisible();

  const [stored] = await getJson<InsurancePlan[]>(page, server, '/api/insurance/1');
  expect(stored).toMatchObject({
    provider: 'Acme Health',
    memberId: 'ACM-42',
    groupNumber: 'GRP-9',
    planType: 'HDHP',
    effectiveDate: format(effective, 'yyyy-MM-dd'),
    deductible: 4000,
    deductibleMet: 1000,
    outOfPocketMax: 8000,
    outOfPocketMet: 0,
    isPrimary: true,
  });
  await page.reload();
  await expect(cardOf(page, 'Primary Insurance').getByRole('definition').filter({ hasText: 'HDHP' })).toBeVisible();
  await page.goto(server.url);
  await expect(page.getByText('Added Acme Health insurance plan')).toBeVisible();
});

test('the dialog shows each rule of the form beside its field and sends nothing until they hold', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/insurance') sent++;
  });
  await openInsurance(page, server);
  await page.getByRole('button', { name: 'Add Insurance' }).click();
  const dialog = planDialog(page);

  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Insurance provider is required')).toBeVisible();
  await expect(dialog.getByText('Member ID is required')).toBeVisible();
  await expect(dialog.getByText('Effective date is required')).toBeVisible();
  await expect(dialog.getByLabel('Insurance Provider')).toBeFocused();
  await expect(dialog.getByLabel('Insurance Provider')).toHaveAttribute('aria-invalid', 'true');

  for (const [label, message] of [
    ['Deductible ($)', 'Deductible cannot be negative'],
    ['Deductible Met ($)', 'Deductible met cannot be negative'],
    ['Out-of-Pocket Maximum ($)', 'Out-of-pocket maximum cannot be negative'],
    ['Out-of-Pocket Met ($)', 'Out-of-pocket met cannot be negative'],
  ]) {
    await dialog.getByLabel(label!, { exact: true }).fill('-5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText(message!)).toBeVisible();
    await dialog.getByLabel(label!, { exact: true }).fill('');
  }

  await dialog.getByLabel('Deductible ($)', { exact: true }).fill('100');
  await dialog.getByLabel('Deductible Met ($)').fill('150');
  await dialog.getByLabel('Out-of-Pocket Maximum ($)').fill('1000');
  await dialog.getByLabel('Out-of-Pocket Met ($)').fill('1001');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Deductible met cannot exceed the deductible')).toBeVisible();
  await expect(dialog.getByText('Out-of-pocket met cannot exceed the maximum')).toBeVisible();

  // Equal to the total is allowed.
  await dialog.getByLabel('Insurance Provider').fill('Acme Health');
  await dialog.getByLabel('Member ID').fill('A-1');
  await chooseDate(page, dialog, 'Effective Date', new Date());
  await dialog.getByLabel('Deductible Met ($)').fill('100');
  await dialog.getByLabel('Out-of-Pocket Met ($)').fill('1000');
  expect(sent).toBe(0);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Insurance Saved Successfully', 'Your Acme Health plan has been added.');
  expect(sent).toBe(1);
  await expect(cardOf(page, 'Coverage Details')).toContainText('$100 of $100 met · 100%');
});

test("a refusal from the server keeps the dialog and every value, and says why", async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openInsurance(page, server);
  await page.getByRole('button', { name: 'Add Insurance' }).click();
  const dialog = planDialog(page);
  await dialog.getByLabel('Insurance Provider').fill('Second Plan Co');
  await dialog.getByLabel('Member ID').fill('S-2');
  await chooseDate(page, dialog, 'Effective Date', new Date());
  // Meanwhile a primary plan was added elsewhere (another tab): this POST now conflicts with it.
  await createPlanByApi(page, server);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  await expectToast(
    page,
    'Unable to Save Insurance Data',
    'A primary insurance plan already exists; edit it instead. Please try again or contact support if the problem persists.',
    { behindModal: true },
  );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Insurance Provider')).toHaveValue('Second Plan Co');
  await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The list refreshed after the refusal: the plan added elsewhere shows.
  await expect(cardOf(page, 'Primary Insurance').getByRole('definition').filter({ hasText: 'Acme Health' })).toBeVisible();
});

test('editing changes every field of the plan, the coverage follows, and a reload shows it', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await createPlanByApi(page, server);
  await openInsurance(page, server);
  await cardOf(page, 'Primary Insurance').getByRole('button', { name: 'Edit primary insurance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Insurance Information' });
  await expect(dialog.getByLabel('Insurance Provider')).toHaveValue('Acme Health');
  await expect(dialog.getByLabel('Deductible ($)', { exact: true })).toHaveValue('2000');

  await dialog.getByLabel('Insurance Provider').fill('Northwind Health');
  await dialog.getByLabel('Member ID').fill('NW-7');
  await dialog.getByLabel('Group Number (optional)').fill('');
  await choosePlanType(page, dialog, 'EPO');
  const effective = new Date(2025, 6, 15);
  await chooseDate(page, dialog, 'Effective Date', effective);
  await dialog.getByLabel('Deductible ($)', { exact: true }).fill('4000');
  await dialog.getByLabel('Deductible Met ($)').fill('1000');
  await dialog.getByLabel('Out-of-Pocket Maximum ($)').fill('10000');
  await dialog.getByLabel('Out-of-Pocket Met ($)').fill('2500');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Insurance Saved Successfully', 'Your Northwind Health information has been updated.');

  const check = async () => {
    const primary = cardOf(page, 'Primary Insurance');
    for (const detail of ['Northwind Health', 'NW-7', 'Not provided', 'EPO', 'Jul 15, 2025']) {
      await expect(primary.getByRole('definition').filter({ hasText: detail })).toBeVisible();
    }
    await expect(page.getByRole('progressbar', { name: 'Deductible met' })).toHaveAttribute('aria-valuenow', '25');
    await expect(page.getByRole('progressbar', { name: 'Out-of-Pocket met' })).toHaveAttribute('aria-valuenow', '25');
    await expect(cardOf(page, 'Coverage Details')).toContainText('$1,000 of $4,000 met · 25%');
    await expect(cardOf(page, 'Coverage Details')).toContainText('$2,500 of $10,000 met · 25%');
  };
  await check();
  await page.reload();
  await check();
  const [stored] = await getJson<InsurancePlan[]>(page, server, '/api/insurance/1');
  expect(stored).toMatchObject({ provider: 'Northwind Health', memberId: 'NW-7', groupNumber: null, planType: 'EPO', effectiveDate: '2025-07-15' });
  await page.goto(server.url);
  await expect(page.getByText('Updated Northwind Health insurance information')).toBeVisible();
});

test('benefits can be added, edited and removed, and stay after a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const plan = await createPlanByApi(page, server);
  await openInsurance(page, server);
  const card = cardOf(page, 'Benefits Summary');
  await expect(card.getByText('No benefits listed')).toBeVisible();

  await card.getByRole('button', { name: 'Add benefit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Benefit' });
  await dialog.getByRole('button', { name: 'Save Benefit' }).click();
  await expect(dialog.getByText('Service name is required')).toBeVisible();
  await dialog.getByLabel('Service').fill('Specialist visit');
  await dialog.getByLabel('In-Network Coverage').fill('$50 copay');
  await dialog.getByRole('button', { name: 'Save Benefit' }).click();
  await expectToast(page, 'Benefit saved', 'Specialist visit has been added to your benefits.');
  await expect(dialog).toBeHidden();
  const row = benefitsTable(page).getByRole('row').filter({ hasText: 'Specialist visit' });
  await expect(row).toContainText('$50 copay');
  await expect(row).toContainText('Not stated');

  await card.getByRole('button', { name: 'Add benefit' }).click();
  await page.getByRole('dialog', { name: 'Add Benefit' }).getByLabel('Service').fill('Emergency room');
  await page.getByRole('dialog', { name: 'Add Benefit' }).getByLabel('In-Network Coverage').fill('$250 copay');
  await page.getByRole('dialog', { name: 'Add Benefit' }).getByLabel('Out-of-Network Coverage').fill('$250 copay');
  await page.getByRole('dialog', { name: 'Add Benefit' }).getByRole('button', { name: 'Save Benefit' }).click();
  await expectToast(page, 'Benefit saved', 'Emergency room has been added to your benefits.');

  await card.getByRole('button', { name: 'Edit Specialist visit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Benefit' });
  await expect(edit.getByLabel('Service')).toHaveValue('Specialist visit');
  await edit.getByLabel('Out-of-Network Coverage').fill('60% after deductible');
  await edit.getByRole('button', { name: 'Save Benefit' }).click();
  await expectToast(page, 'Benefit saved', 'Specialist visit has been updated.');
  await expect(row).toContainText('60% after deductible');
  await expect(card.getByRole('button', { name: 'Edit Specialist visit' })).toBeFocused();

  await card.getByRole('button', { name: 'Remove Emergency room' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove benefit?' });
  await expect(confirm).toContainText('This will remove "Emergency room" from your Benefits Summary.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(benefitsTable(page).getByRole('row')).toHaveCount(3);
  await card.getByRole('button', { name: 'Remove Emergency room' }).click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expectToast(page, 'Benefit removed', 'Emergency room has been removed from your benefits.');
  await expect(benefitsTable(page).getByRole('row')).toHaveCount(2);

  await page.reload();
  await expect(benefitsTable(page).getByRole('row')).toHaveCount(2);
  expect(await getJson<InsuranceBenefit[]>(page, server, `/api/insurance/benefits/${plan.id}`)).toEqual([
    { id: expect.any(Number), insuranceId: plan.id, serviceName: 'Specialist visit', inNetworkCoverage: '$50 copay', outOfNetworkCoverage: '60% after deductible' },
  ]);
});

test('only insurance documents are listed: those uploaded for the plan, and those whose name or description says insurance', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const plan = await createPlanByApi(page, server);
  await uploadByApi(page, server, 'scan-0042.pdf', eobPdf, 'application/pdf', { insuranceId: plan.id });
  await uploadByApi(page, server, 'lab-results.pdf', labPdf, 'application/pdf', { description: 'Blood panel' });
  await uploadByApi(page, server, 'INSURANCE-card-back.png', cardPng, 'image/png');
  await uploadByApi(page, server, 'eob-march.pdf', eobPdf, 'application/pdf', { description: 'From my insurance company' });
  await openInsurance(page, server);

  const items = documentsOf(page).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(documentsOf(page)).toContainText('scan-0042.pdf');
  await expect(documentsOf(page)).toContainText('INSURANCE-card-back.png');
  await expect(documentsOf(page)).toContainText('eob-march.pdf');
  await expect(documentsOf(page)).not.toContainText('lab-results.pdf');
});

test('an insurance document uploads from this screen, then views, downloads the same bytes, and deletes', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const plan = await createPlanByApi(page, server);
  await openInsurance(page, server);
  await expect(cardOf(page, 'Insurance Documents').getByText('No insurance documents')).toBeVisible();

  await page.getByRole('button', { name: 'Upload Document' }).click();
  const upload = cardOf(page, 'Upload Insurance Document');
  await expect(upload).toBeVisible();
  await expect(page.getByTestId('document-file-input')).toHaveAttribute('accept', /application\/pdf/);
  await upload.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'No file selected', 'Please select a file to upload');
  await page.getByTestId('document-file-input').setInputFiles({ name: 'card-2026.png', mimeType: 'image/png', buffer: cardPng });
  await expect(upload).toContainText('card-2026.png');
  await upload.getByLabel('Description (optional)').fill('front side');
  await upload.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Success', 'Insurance document uploaded successfully');
  const row = documentsOf(page).getByRole('listitem').filter({ hasText: 'card-2026.png' });
  await expect(row).toContainText('Insurance document: front side');
  const [stored] = await getJson<MedicalRecord[]>(page, server, '/api/medical-records/1');
  expect(stored).toMatchObject({ filename: 'card-2026.png', description: 'Insurance document: front side', insuranceId: plan.id });

  const view = row.getByRole('button', { name: 'View card-2026.png' });
  await view.click();
  await expectToast(page, 'Viewing Document', 'Opening card-2026.png', { behindModal: true });
  const viewer = page.getByRole('dialog', { name: 'card-2026.png' });
  const image = viewer.getByRole('img', { name: 'card-2026.png' });
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(200);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(view).toBeFocused();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download card-2026.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('card-2026.png');
  const saved = test.info().outputPath('card-2026.png');
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(cardPng)).toBe(true);

  await row.getByRole('button', { name: 'Delete card-2026.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete document?' });
  await expect(confirm.getByText(/^This will permanently delete the document "card-2026\.png"/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Document deleted', 'Insurance document has been deleted successfully');
  await expect(cardOf(page, 'Insurance Documents').getByText('No insurance documents')).toBeVisible();
  expect(await getJson<MedicalRecord[]>(page, server, '/api/medical-records/1')).toEqual([]);
  // The row is gone, so focus goes to the card's heading rather than to the top of the page.
  await expect(page.getByRole('heading', { name: 'Insurance Documents' })).toBeFocused();
});

test('skeletons show while the plan loads, then the cards fill in', async ({ page }) => {
  const held = await holdRequests(page, '**/api/insurance/1');
  await page.goto('/insurance');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Information' })).toBeVisible();
  for (const title of ['Primary Insurance', 'Coverage Details']) {
    await expect(cardOf(page, title)).toHaveAttribute('aria-busy', 'true');
    await expect(cardOf(page, title).locator('.animate-pulse').first()).toBeVisible();
  }
  held.release();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(cardOf(page, 'Primary Insurance').getByRole('definition').filter({ hasText: 'XYZ123456789' })).toBeVisible();
});

test('a file dropped on the drop zone is highlighted, chosen and uploaded as an insurance document', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const plan = await createPlanByApi(page, server);
  await openInsurance(page, server);
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const upload = cardOf(page, 'Upload Insurance Document');
  const dropZone = upload.getByRole('button', { name: /Choose a (different )?file/ });
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
      return transfer;
    },
    { name: 'eob-april.pdf', type: 'application/pdf', base64: eobPdf.toString('base64') },
  );
  await dropZone.dispatchEvent('dragenter', { dataTransfer });
  await dropZone.dispatchEvent('dragover', { dataTransfer });
  await expect(dropZone).toHaveAttribute('data-dragging', 'true');
  await dropZone.dispatchEvent('drop', { dataTransfer });
  await expect(dropZone).not.toHaveAttribute('data-dragging', 'true');
  await expect(upload).toContainText('eob-april.pdf');
  await upload.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Success', 'Insurance document uploaded successfully');
  await expect(documentsOf(page)).toContainText('eob-april.pdf');
  const [stored] = await getJson<MedicalRecord[]>(page, server, '/api/medical-records/1');
  expect(stored).toMatchObject({ filename: 'eob-april.pdf', insuranceId: plan.id, description: 'Insurance document' });
});

test('without a plan, an upload is still kept as an insurance document by its description', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openInsurance(page, server);
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await page.getByTestId('document-file-input').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: eobPdf });
  await cardOf(page, 'Upload Insurance Document').getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Success', 'Insurance document uploaded successfully');
  await expect(documentsOf(page).getByRole('listitem')).toContainText('Insurance document');
  const [stored] = await getJson<MedicalRecord[]>(page, server, '/api/medical-records/1');
  expect(stored).toMatchObject({ filename: 'scan.pdf', description: 'Insurance document', insuranceId: null });
});

test('everything works by keyboard: the plan, a benefit, and an insurance document', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openInsurance(page, server);

  await pressUntilFocused(page, page.getByRole('button', { name: 'Add Insurance' }));
  await page.keyboard.press('Enter');
  const dialog = planDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Insurance Provider')).toBeFocused();
  await page.keyboard.type('Keyboard Health');
  await page.keyboard.press('Tab');
  await page.keyboard.type('KB-1');
  await pressUntilFocused(page, dialog.getByRole('combobox', { name: 'Plan Type' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'PPO' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Radix moves the focus to the next option on a timer: Enter before it lands would choose PPO again.
  await expect(page.getByRole('option', { name: 'HMO', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Plan Type' })).toHaveText('HMO');
  // The list hands focus back to its button as it closes; Tab goes on from there.
  await expect(dialog.getByRole('combobox', { name: 'Plan Type' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: /^Effective Date/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  // The calendar puts focus on today; Enter chooses it.
  await expect(calendar.getByRole('button', { name: new RegExp(format(new Date(), 'EEEE, MMMM do, yyyy')) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dialog.getByRole('button', { name: /^Effective Date/ })).toBeFocused();
  await expect(dialog.getByRole('button', { name: /^Effective Date/ })).toContainText(format(new Date(), 'MMM d, yyyy'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('3000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('300');
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Save Changes' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Insurance Saved Successfully', 'Your Keyboard Health plan has been added.');
  await expect(dialog).toBeHidden();
  // The button that opened the dialog is gone with the empty state: focus lands on the card's heading.
  await expect(page.getByRole('heading', { name: 'Primary Insurance' })).toBeFocused();
  await expect(page.getByRole('progressbar', { name: 'Deductible met' })).toHaveAttribute('aria-valuenow', '10');

  const edit = page.getByRole('button', { name: 'Edit primary insurance' });
  await pressUntilFocused(page, edit);
  await page.keyboard.press('Enter');
  const editDialog = page.getByRole('dialog', { name: 'Edit Insurance Information' });
  await expect(editDialog).toBeVisible();
  // Focus is trapped: Tab and Shift+Tab go round the dialog's controls and never reach the page behind it.
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press(key);
      expect(await editDialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit Insurance Information' })).toBeHidden();
  await expect(edit).toBeFocused();

  await pressUntilFocused(page, page.getByRole('button', { name: 'Add benefit' }));
  await page.keyboard.press('Enter');
  const benefit = page.getByRole('dialog', { name: 'Add Benefit' });
  await expect(benefit.getByLabel('Service')).toBeFocused();
  await page.keyboard.type('Vision exam');
  await page.keyboard.press('Tab');
  await page.keyboard.type('$15 copay');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Benefit saved', 'Vision exam has been added to your benefits.');
  await expect(benefitsTable(page)).toContainText('$15 copay');

  await pressUntilFocused(page, page.getByRole('button', { name: 'Remove Vision exam' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Remove benefit?' });
  await pressUntilFocused(page, confirm.getByRole('button', { name: 'Remove', exact: true }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Benefit removed', 'Vision exam has been removed from your benefits.');
  await expect(page.getByRole('heading', { name: 'Benefits Summary' })).toBeFocused();

  // The insurance papers: upload, view and delete, still without a mouse.
  await pressUntilFocused(page, page.getByRole('button', { name: 'Upload Document' }), 'Shift+Tab', 80);
  await page.keyboard.press('Enter');
  const upload = cardOf(page, 'Upload Insurance Document');
  await pressUntilFocused(page, upload.getByRole('button', { name: /Choose a file/ }));
  const choosing = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await choosing).setFiles({ name: 'keyboard-card.png', mimeType: 'image/png', buffer: cardPng });
  await expect(upload).toContainText('keyboard-card.png');
  await page.keyboard.press('Tab');
  await expect(upload.getByLabel('Description (optional)')).toBeFocused();
  await page.keyboard.type('back side');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Success', 'Insurance document uploaded successfully');
  await expect(documentsOf(page)).toContainText('Insurance document: back side');

  const view = page.getByRole('button', { name: 'View keyboard-card.png' });
  await pressUntilFocused(page, view);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'keyboard-card.png' });
  // Escape closes the layer that holds the focus: wait until the viewer has it (its Close button, as it opens).
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(view).toBeFocused();
  await pressUntilFocused(page, page.getByRole('button', { name: 'Delete keyboard-card.png' }));
  await page.keyboard.press('Enter');
  const deleteDocument = page.getByRole('alertdialog', { name: 'Delete document?' });
  await pressUntilFocused(page, deleteDocument.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Document deleted', 'Insurance document has been deleted successfully');
  await expect(page.getByRole('heading', { name: 'Insurance Documents' })).toBeFocused();
  expect(await getJson<InsurancePlan[]>(page, server, '/api/insurance/1')).toEqual([
    expect.objectContaining({ provider: 'Keyboard Health', memberId: 'KB-1', planType: 'HMO', deductible: 3000, deductibleMet: 300 }),
  ]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the screen, the upload card and each dialog have no axe violations in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openInsurance(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByTestId('document-file-input').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: cardPng });
    await expect(cardOf(page, 'Upload Insurance Document')).toContainText('card.png');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit primary insurance' }).click();
    await planDialog(page).getByRole('button', { name: 'Save Changes' }).focus();
    await planDialog(page).getByLabel('Insurance Provider').fill('');
    await planDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(planDialog(page).getByText('Insurance provider is required')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit Preventive care' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Benefit' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Remove Preventive care' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete insurance-card-front.png' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete document?' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');

    // Focus went back to the Delete button, whose tooltip (outside the landmarks, like every popper) is open.
    await page.getByRole('heading', { level: 1 }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
  });
}

test('the documents card shows the ten newest, and Show more documents brings the rest', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  for (let n = 1; n <= 12; n += 1) {
    await uploadByApi(page, server, `statement ${n}.pdf`, eobPdf, 'application/pdf', { description: 'Insurance document' });
  }
  await uploadByApi(page, server, 'lab-results.pdf', labPdf, 'application/pdf');
  await openInsurance(page, server);
  const documents = documentsOf(page).getByRole('listitem');
  await expect(documents).toHaveCount(10);
  await expect(documents.first()).toContainText('statement 12.pdf');
  await cardOf(page, 'Insurance Documents').getByRole('button', { name: 'Show more documents' }).click();
  await expect(documents).toHaveCount(12);
  await expect(documents.last()).toContainText('statement 1.pdf');
  await expect(page.getByRole('button', { name: 'Show more documents' })).toHaveCount(0);
  await expect(documentsOf(page)).not.toContainText('lab-results.pdf');
});
