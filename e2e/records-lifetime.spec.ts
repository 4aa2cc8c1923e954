import type { Page } from '@playwright/test';
import type { MedicalRecordPage } from '../src/shared/contracts/medical-records';
import { expect, test } from './fixtures';
import { expectToast } from './support/interactions';
import { LONG_RECORD } from './support/long-record';

// The Records screen at a record's lifetime (issue 21, ADR 19): 2,000 documents, loaded a page at a time as the
// patient scrolls, never more than a screenful or so of them in the page.

/** The ceiling for the Records screen's elements, at any record count. */
const MAX_ELEMENTS = 1500;

const listOf = (page: Page) => page.getByRole('list', { name: 'Your Records' });
const rowOf = (page: Page, filename: string) => listOf(page).getByRole('listitem').filter({ has: page.getByText(filename, { exact: true }) });
const elementCount = (page: Page) => page.evaluate(() => document.querySelectorAll('*').length);

test('a 2,000-document record scrolls to its end, a page at a time, and a document found by search is viewed and deleted', async ({
  page,
  freshServer,
}) => {
  test.setTimeout(120_000);
  const server = await freshServer('long-record');
  await page.goto(`${server.url}/records`);
  await expect(rowOf(page, LONG_RECORD.newest)).toBeVisible();
  expect(await elementCount(page)).toBeLessThanOrEqual(MAX_ELEMENTS);

  // Down to the end: each scroll to the bottom brings the next page, until the oldest document is there.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(rowOf(page, LONG_RECORD.oldest)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  const last = listOf(page).getByRole('listitem').last();
  await expect(last).toHaveAttribute('aria-posinset', String(LONG_RECORD.count));
  await expect(last).toHaveAttribute('aria-setsize', String(LONG_RECORD.count));
  expect(await elementCount(page)).toBeLessThanOrEqual(MAX_ELEMENTS);
  // Back at the top, the newest is there again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(rowOf(page, LONG_RECORD.newest)).toBeVisible();

  // Found by the start of words, whatever the case and the accents.
  await page.getByRole('searchbox', { name: 'Search your records' }).fill('cardio ARZTIN');
  await expect(listOf(page).getByRole('listitem')).toHaveCount(1);
  await expect(rowOf(page, LONG_RECORD.letter)).toBeVisible();

  await page.getByRole('button', { name: `View ${LONG_RECORD.letter}` }).click();
  const viewer = page.getByRole('dialog', { name: LONG_RECORD.letter });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.getByRole('button', { name: `Delete ${LONG_RECORD.letter}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Record' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Record deleted', 'Medical record has been deleted successfully');
  await expect(page.getByText('No matching records')).toBeVisible();

  const found = await page.request.get(`${server.url}/api/medical-records/1/page?q=cardiology`);
  expect(((await found.json()) as MedicalRecordPage).items).toEqual([]);
  const newest = await page.request.get(`${server.url}/api/medical-records/1/page?limit=1`);
  expect(((await newest.json()) as MedicalRecordPage).items.map((record) => record.filename)).toEqual([LONG_RECORD.newest]);
});
