import { expect, expectNoAxeViolations, test, toasts } from './fixtures';
import { getJson } from './support/interactions';
import type { RunningServer } from './support/server';
import type { Page } from '@playwright/test';

// Settings → Data's "Import from a FHIR file" (issue 34): the patient chooses a file another record exported, sees
// what it would add before anything is written, and then finds its conditions, allergies and immunizations in My
// Profile. A file about someone of another name is refused until the patient says it is theirs.

const SNOMED = 'http://snomed.info/sct';
const subject = { reference: 'urn:uuid:p1' };
const clinical = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code }] });

/** An IPS-shaped document, as a patient portal gives it, about "Pat Smith". */
const BUNDLE = {
  resourceType: 'Bundle',
  type: 'document',
  entry: [
    { fullUrl: 'urn:uuid:c1', resource: { resourceType: 'Composition', status: 'final', title: 'Patient Summary' } },
    { fullUrl: 'urn:uuid:p1', resource: { resourceType: 'Patient', id: 'p1', name: [{ family: 'Smith', given: ['Pat'] }], birthDate: '1970-03-02' } },
    {
      fullUrl: 'urn:uuid:cond-1',
      resource: { resourceType: 'Condition', clinicalStatus: clinical('active'), code: { coding: [{ system: SNOMED, code: '195967001', display: 'Asthma' }], text: 'Asthma' }, subject, onsetDateTime: '2001-05-01' },
    },
    {
      fullUrl: 'urn:uuid:cond-2',
      resource: {
        resourceType: 'Condition',
        clinicalStatus: clinical('resolved'),
        code: { coding: [{ system: SNOMED, code: '840539006', display: 'COVID-19' }], text: 'COVID-19' },
        subject,
        onsetDateTime: '2020-03-10',
        abatementDateTime: '2020-04-02',
      },
    },
    {
      fullUrl: 'urn:uuid:allergy-1',
      resource: {
        resourceType: 'AllergyIntolerance',
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] },
        criticality: 'high',
        code: { coding: [{ system: SNOMED, code: '764146007', display: 'Penicillin' }], text: 'Penicillin' },
        patient: subject,
        reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'moderate' }],
      },
    },
    {
      fullUrl: 'urn:uuid:imm-1',
      resource: {
        resourceType: 'Immunization',
        status: 'completed',
        vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '115', display: 'Tdap' }], text: 'Tdap' },
        patient: subject,
        occurrenceDateTime: '2021-09-14',
      },
    },
  ],
};

async function openImport(page: Page, server: RunningServer) {
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Import from a FHIR file' }).click();
  return page.getByRole('dialog', { name: 'Import from a FHIR file' });
}

async function choose(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const choosing = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose a FHIR file' }).click();
  await (await choosing).setFiles({ name: 'patient-summary.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(BUNDLE)) });
}

test('a file is previewed, refused as another person’s until the patient says it is theirs, imported, and shows in My Profile', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const dialog = await openImport(page, server);
  await expectNoAxeViolations(page, '[role="dialog"]:last-of-type');
  await choose(page, dialog);

  // The record is Alex Morgan's; the file is Pat Smith's.
  await expect(dialog.getByRole('alert')).toContainText('Pat Smith');
  const before = await getJson<{ displayName: string }>(page, server, '/api/users/1');
  await dialog.getByRole('checkbox', { name: /This file is mine/ }).click();

  const preview = dialog.getByRole('table', { name: 'What this file would add' });
  await expect(preview.getByRole('row', { name: /^Condition 2 0/ })).toBeVisible();
  await expect(preview.getByRole('row', { name: /^Composition 0 0 1 / })).toBeVisible();
  // Nothing is written by the preview.
  expect(await getJson<unknown[]>(page, server, '/api/conditions/1')).toEqual([]);
  await expectNoAxeViolations(page, '[role="dialog"]:last-of-type');

  await dialog.getByRole('button', { name: 'Import' }).click();
  // Settings stays open behind the toast, so the toast is behind a modal.
  await expect(toasts(page, { behindModal: true }).filter({ hasText: 'Import complete' })).toContainText('4 items added to your record from patient-summary.json');
  await expect(dialog).toBeHidden();
  // Imported as the patient's own: the record keeps its name.
  expect(await getJson<{ displayName: string }>(page, server, '/api/users/1')).toMatchObject({ displayName: before.displayName });

  await page.goto(`${server.url}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  // The spec's box lists the current conditions only; the resolved one stays in the list.
  await expect(page.getByRole('textbox', { name: 'Existing Conditions' })).toHaveValue('Asthma');
  await expect(page.getByRole('textbox', { name: 'Allergies' })).toHaveValue('Penicillin');
  const conditions = page.getByRole('list', { name: 'Conditions' });
  await expect(conditions.getByRole('listitem').filter({ hasText: 'Asthma' })).toBeVisible();
  await expect(conditions.getByRole('listitem').filter({ hasText: 'COVID-19' })).toContainText('Resolved');
  await expect(page.getByRole('list', { name: 'Allergies' }).getByRole('listitem').filter({ hasText: 'Penicillin' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Immunizations' }).getByRole('listitem').filter({ hasText: 'Tdap' })).toBeVisible();
});
