import type { Page } from '@playwright/test';
import { format, subDays } from 'date-fns';
import { glucoseReadings } from '../src/testing/observation-csv-fixtures';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { expectToast, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

// Vitals and Lab Results (issue 35). The demo patient (src/server/db/seed.ts) has eight weekly blood pressures from a
// cuff (the last 128/82), four monthly weights (the last 77.1 kg, 170 lb), and a lab panel two months ago with a high
// total cholesterol and LDL. The demo's units are US.

async function openPage(page: Page, path: '/vitals' | '/lab-results', heading: string, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const latest = (page: Page) => page.getByRole('region', { name: 'Latest' });
const trendTable = (page: Page, name: RegExp) => page.getByRole('region', { name });
const tile = (page: Page, name: string) => latest(page).getByRole('button', { name: new RegExp(`^${name}`) });
/** The trend's chart, which is drawn as its card nears the viewport (three screens down on a phone). */
async function chart(page: Page) {
  await page.getByRole('region', { name: / trend$/ }).scrollIntoViewIfNeeded();
  return page.locator('.recharts-surface');
}

test('blood pressure typed as 128/82 is one reading: on the chart and in its table, and there after a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openPage(page, '/vitals', 'Vitals', server);
  await expect(page.getByText('No readings yet')).toBeVisible();

  const entry = page.getByRole('region', { name: 'Record a reading' });
  await expect(entry.getByRole('combobox', { name: 'Measure' }).locator('option:checked')).toHaveText('Blood pressure');
  await entry.getByRole('textbox', { name: 'Reading (systolic/diastolic)' }).fill('128/');
  await entry.getByRole('button', { name: 'Save Reading' }).click();
  await expect(entry.getByText('Enter blood pressure as systolic/diastolic, such as 128/82')).toBeVisible();
  await entry.getByRole('textbox', { name: 'Reading (systolic/diastolic)' }).fill('128/82');
  await entry.getByRole('button', { name: 'Save Reading' }).click();
  await expectToast(page, 'Reading saved', 'Blood pressure: 128/82 mmHg');

  await expect(tile(page, 'Blood pressure')).toContainText('128/82 mmHg');
  const table = trendTable(page, /^Blood pressure readings, last 90 days, in mmHg$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('128/82');
  await expect(await chart(page)).toBeVisible();
  // Systolic and diastolic, a line each with the reading's dot.
  await expect((await chart(page)).locator('.recharts-line-dots circle')).toHaveCount(2);

  await page.reload();
  await expect(tile(page, 'Blood pressure')).toContainText('128/82 mmHg');
  await expect(page.getByRole('region', { name: 'All readings' }).getByRole('listitem')).toHaveCount(1);

  // The reading is a blood pressure screening, which the new patient has not done: it counts once they confirm it.
  const screenings = page.getByRole('region', { name: 'Screenings your readings can count as' });
  await screenings.getByRole('button', { name: /^Count your blood pressure of .* as Blood pressure screening$/ }).click();
  await expectToast(page, 'Screening recorded', 'Blood pressure screening: done on ');
  await expect(screenings).toHaveCount(0);
  await page.goto(`${server.url}/preventative`);
  await expect(page.getByRole('row').filter({ has: page.getByText('Blood pressure screening') })).toContainText('Completed');
});

test('a glucose meter’s CSV of 90 readings is previewed, imported once, and drawn as a trend', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openPage(page, '/lab-results', 'Lab Results', server);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import readings from a CSV file' });
  const csv = glucoseReadings(90, format(subDays(new Date(), 91), 'yyyy-MM-dd'));
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'meter.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('90 readings to import')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Date column' })).toHaveText('Date');
  await expect(dialog.getByRole('combobox', { name: 'Column “Glucose (mg/dL)” holds' })).toHaveText('Glucose');
  await expect(dialog.getByRole('region', { name: 'First readings' }).getByRole('row')).toHaveCount(21);
  await dialog.getByRole('button', { name: 'Import 90 Readings' }).click();
  await expectToast(page, 'Readings imported', '90 readings added.');
  await expect(dialog).toBeHidden();

  await expect(tile(page, 'Glucose')).toBeVisible();
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '1 year' }).click();
  await expect(trendTable(page, /^Glucose readings, last 1 year, in mg\/dL$/).getByRole('row')).toHaveCount(91);
  await expect((await chart(page)).locator('.recharts-line-dots circle')).toHaveCount(90);

  // The same file again: nothing to import.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'meter.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('90 already in your record (not imported again)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import \d+ Readings?$/ })).toHaveCount(0);
});

test('switching to metric shows the weight in kilograms and the glucose in mmol/L', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openPage(page, '/vitals', 'Vitals', server);
  await expect(tile(page, 'Weight')).toContainText('170 lb');
  await page.getByRole('radio', { name: 'Metric (kg, °C, mmol/L)' }).click();
  await expectToast(page, 'Units changed', 'Readings are shown in metric units.');
  await expect(tile(page, 'Weight')).toContainText('77.1 kg');
  await openPage(page, '/lab-results', 'Lab Results', server);
  await expect(tile(page, 'Glucose')).toContainText('5.2 mmol/L');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Metric (kg, °C, mmol/L)' })).toBeChecked();
});

for (const theme of ['light', 'dark'] as const) {
  test(`vitals and lab results have no axe violations in the ${theme} theme at 390 px, and the chart's numbers are reachable by keyboard`, async ({
    page,
  }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/vitals', 'Vitals');
    await expect(await chart(page)).toBeVisible();
    await expectNoAxeViolations(page);
    const table = trendTable(page, /^Blood pressure readings/);
    await pressUntilFocused(page, table);
    await expect(table.getByRole('row')).toHaveCount(9);

    await openPage(page, '/lab-results', 'Lab Results');
    await tile(page, 'LDL cholesterol').click();
    await expect(trendTable(page, /^LDL cholesterol readings/).getByRole('row').nth(1)).toContainText('High');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Import readings from a CSV file' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
  });
}
