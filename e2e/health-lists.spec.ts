import type { Locator, Page } from '@playwright/test';
import { format, subDays } from 'date-fns';
import type { Allergy } from '../src/shared/contracts/allergies';
import type { Condition } from '../src/shared/contracts/conditions';
import type { Immunization } from '../src/shared/contracts/immunizations';
import type { User } from '../src/shared/contracts/users';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { chooseDate, expectToast, getJson, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

// My Profile's three health lists (issue 34): Conditions, Allergies and Immunizations, each a card below Medical
// History, whose "Existing Conditions" and "Allergies" boxes are the current items, one a line (ADR 24). The demo
// patient (src/server/db/seed.ts) has one condition, over (Acute bronchitis, resolved, coded SNOMED 10509002), two
// allergies (Penicillin: high, hives) and two immunizations (Flu vaccine, Tdap dose 1).

const day = (date: Date) => format(date, 'MMM d, yyyy');
const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const sectionOf = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const conditionsCard = (page: Page) => sectionOf(page, 'Conditions');
const allergiesCard = (page: Page) => sectionOf(page, 'Allergies');
const immunizationsCard = (page: Page) => sectionOf(page, 'Immunizations');
const medicalCard = (page: Page) => sectionOf(page, 'Medical History');
const row = (card: Locator, name: string) => card.getByRole('listitem').filter({ has: card.page().getByText(name, { exact: true }) });

async function openProfile(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Immunizations' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('a condition is added, resolved (it leaves Existing Conditions but stays listed) and removed', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  const card = conditionsCard(page);
  await expect(card.getByText('No conditions yet')).toBeVisible();

  await card.getByRole('button', { name: 'Add condition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add condition' });
  await dialog.getByRole('button', { name: 'Save condition' }).click();
  await expect(dialog.getByText('Condition name is required')).toBeVisible();
  await dialog.getByLabel('Condition').fill('Migraine');
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  const onset = subDays(new Date(), 40);
  await chooseDate(page, dialog, 'Since', onset);
  await dialog.getByRole('button', { name: 'Save condition' }).click();
  await expectToast(page, 'Condition added', 'Migraine has been added to your conditions.');
  await expect(dialog).toBeHidden();
  // The empty state's button is gone with it: focus goes to the card's heading.
  await expect(card.getByRole('heading', { name: 'Conditions' })).toBeFocused();
  await expect(row(card, 'Migraine')).toContainText('Active');
  await expect(row(card, 'Migraine')).toContainText(`Since ${day(onset)}`);
  await expect(medicalCard(page).getByLabel('Existing Conditions')).toHaveValue('Migraine');

  await card.getByRole('button', { name: 'Edit Migraine' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit condition' });
  await expect(edit.getByLabel('Condition')).toHaveValue('Migraine');
  await choose(page, edit.getByRole('combobox', { name: 'Status' }), 'Resolved');
  await chooseDate(page, edit, 'Ended on', new Date());
  await edit.getByRole('button', { name: 'Save condition' }).click();
  await expectToast(page, 'Condition updated', 'Migraine has been updated.');
  await expect(card.getByRole('button', { name: 'Edit Migraine' })).toBeFocused();
  await expect(row(card, 'Migraine')).toContainText('Resolved');
  await expect(row(card, 'Migraine')).toContainText(`Ended ${day(new Date())}`);
  // No longer a current condition: not a line of the box, which starts again from the fresh profile.
  await expect(medicalCard(page).getByLabel('Existing Conditions')).toHaveValue('');
  expect(await getJson<Condition[]>(page, server, '/api/conditions/1')).toEqual([
    expect.objectContaining({ name: 'Migraine', clinicalStatus: 'resolved', onsetDate: iso(onset), abatementDate: iso(new Date()), codes: [] }),
  ]);
  expect((await getJson<User>(page, server, '/api/users/1')).existingConditions).toBeNull();

  await card.getByRole('button', { name: 'Remove Migraine' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove condition?' });
  await expect(confirm).toContainText('This will remove Migraine from your conditions.');
  await confirm.getByRole('button', { name: 'Remove Condition' }).click();
  await expectToast(page, 'Condition removed', 'Migraine has been removed from your conditions.');
  await expect(card.getByText('No conditions yet')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Conditions' })).toBeFocused();
  expect(await getJson<Condition[]>(page, server, '/api/conditions/1')).toEqual([]);
});

test('an allergy with a reaction and an immunization are added, and are there after a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);

  const allergies = allergiesCard(page);
  await allergies.getByRole('button', { name: 'Add allergy' }).click();
  const allergy = page.getByRole('dialog', { name: 'Add allergy' });
  await allergy.getByLabel('Substance').fill('Peanuts');
  await choose(page, allergy.getByRole('combobox', { name: 'Type' }), 'Allergy');
  await choose(page, allergy.getByRole('combobox', { name: 'Criticality' }), 'High');
  await expect(allergy.getByText('None recorded.')).toBeVisible();
  await allergy.getByRole('button', { name: 'Add reaction' }).click();
  // A new row's first field takes the focus.
  await expect(allergy.getByRole('textbox', { name: 'Reaction' })).toBeFocused();
  await page.keyboard.type('Swollen lips');
  await choose(page, allergy.getByRole('combobox', { name: 'Severity' }), 'Severe');
  await allergy.getByRole('button', { name: 'Add reaction' }).click();
  await allergy.getByRole('button', { name: 'Remove reaction 2' }).click();
  await expect(allergy.getByRole('textbox', { name: 'Reaction' })).toHaveCount(1);
  await allergy.getByRole('button', { name: 'Save allergy' }).click();
  await expectToast(page, 'Allergy added', 'Peanuts has been added to your allergies.');
  await expect(row(allergies, 'Peanuts')).toContainText('Active');
  await expect(row(allergies, 'Peanuts')).toContainText('High criticality');
  await expect(row(allergies, 'Peanuts')).toContainText('Reactions: Swollen lips (severe)');
  await expect(medicalCard(page).getByLabel('Allergies')).toHaveValue('Peanuts');

  const immunizations = immunizationsCard(page);
  await immunizations.getByRole('button', { name: 'Add immunization' }).click();
  const immunization = page.getByRole('dialog', { name: 'Add immunization' });
  await immunization.getByLabel('Vaccine').fill('Tdap');
  // The day given starts on today.
  await expect(immunization.getByRole('button', { name: /^Date given/ })).toContainText(day(new Date()));
  await immunization.getByLabel('Dose number (optional)').fill('2');
  await immunization.getByLabel('Site (optional)').fill('Left arm');
  await immunization.getByRole('button', { name: 'Save immunization' }).click();
  await expectToast(page, 'Immunization added', 'Tdap has been added to your immunizations.');
  await expect(row(immunizations, 'Tdap')).toContainText(`Given ${day(new Date())} · Dose 2`);
  await expect(row(immunizations, 'Tdap')).toContainText('Left arm');

  await page.reload();
  await openProfile(page, server);
  await expect(row(allergiesCard(page), 'Peanuts')).toContainText('Reactions: Swollen lips (severe)');
  await expect(row(immunizationsCard(page), 'Tdap')).toContainText('Dose 2');
  await expect(medicalCard(page).getByLabel('Allergies')).toHaveValue('Peanuts');
  expect(await getJson<Allergy[]>(page, server, '/api/allergies/1')).toEqual([
    expect.objectContaining({
      substance: 'Peanuts',
      type: 'allergy',
      criticality: 'high',
      status: 'active',
      reactions: [{ manifestation: 'Swollen lips', severity: 'severe' }],
    }),
  ]);
  expect(await getJson<Immunization[]>(page, server, '/api/immunizations/1')).toEqual([
    expect.objectContaining({ vaccine: 'Tdap', date: iso(new Date()), doseNumber: 2, site: 'Left arm', lotNumber: null }),
  ]);
});

test('a line typed in Existing Conditions is an item of the Conditions card, and a line taken out is gone', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  await medicalCard(page).getByLabel('Existing Conditions').fill('Asthma\nHay fever');
  await medicalCard(page).getByRole('button', { name: 'Save Medical History' }).click();
  await expectToast(page, 'Profile updated', 'Your changes have been saved.');
  const card = conditionsCard(page);
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(row(card, 'Asthma')).toContainText('Active');
  await expect(row(card, 'Hay fever')).toContainText('Active');

  await medicalCard(page).getByLabel('Existing Conditions').fill('Hay fever');
  await medicalCard(page).getByRole('button', { name: 'Save Medical History' }).click();
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(row(card, 'Hay fever')).toBeVisible();
});

test('an edited coded item keeps its codes', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openProfile(page, server);
  const card = conditionsCard(page);
  await expect(row(card, 'Acute bronchitis')).toContainText('SNOMED 10509002');
  await expect(row(card, 'Acute bronchitis')).toContainText('Resolved');
  await card.getByRole('button', { name: 'Edit Acute bronchitis' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit condition' });
  await edit.getByLabel('Note (optional)').fill('Two weeks of antibiotics');
  await edit.getByRole('button', { name: 'Save condition' }).click();
  await expectToast(page, 'Condition updated', 'Acute bronchitis has been updated.');
  await expect(row(card, 'Acute bronchitis')).toContainText('Two weeks of antibiotics');
  await expect(row(card, 'Acute bronchitis')).toContainText('SNOMED 10509002');
  const stored = (await getJson<Condition[]>(page, server, '/api/conditions/1')).find((condition) => condition.name === 'Acute bronchitis');
  expect(stored).toMatchObject({ note: 'Two weeks of antibiotics', codes: [{ system: 'http://snomed.info/sct', code: '10509002' }] });

  await expect(row(allergiesCard(page), 'Penicillin')).toContainText('High criticality');
  await expect(row(allergiesCard(page), 'Penicillin')).toContainText('Reactions: Hives (moderate)');
  await expect(row(immunizationsCard(page), 'Tdap')).toContainText('Dose 1');
  await expect(row(immunizationsCard(page), 'Tdap')).toContainText('CVX 115');
});

test('an immunization is added and removed by keyboard alone', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openProfile(page, server);
  const card = immunizationsCard(page);
  await pressUntilFocused(page, card.getByRole('button', { name: 'Add immunization' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add immunization' });
  await expect(dialog.getByLabel('Vaccine')).toBeFocused();
  await page.keyboard.type('Flu vaccine');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: /^Date given/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar.getByRole('button', { name: new RegExp(format(new Date(), 'EEEE, MMMM do, yyyy')) })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const yesterday = subDays(new Date(), 1);
  await expect(dialog.getByRole('button', { name: /^Date given/ })).toContainText(day(yesterday));
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Save immunization' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Immunization added', 'Flu vaccine has been added to your immunizations.');
  await expect(card.getByRole('heading', { name: 'Immunizations' })).toBeFocused();
  await expect(row(card, 'Flu vaccine')).toContainText(`Given ${day(yesterday)}`);

  await pressUntilFocused(page, card.getByRole('button', { name: 'Remove Flu vaccine' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Remove immunization?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('button', { name: 'Remove Flu vaccine' })).toBeFocused();
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, confirm.getByRole('button', { name: 'Remove Immunization' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Immunization removed', 'Flu vaccine has been removed from your immunizations.');
  await expect(card.getByRole('heading', { name: 'Immunizations' })).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the health lists have no axe violations in the ${theme} theme, with a dialog open and at 390 px`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openProfile(page);
    await expect(conditionsCard(page).getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await allergiesCard(page).getByRole('button', { name: 'Edit Penicillin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit allergy' });
    await expect(dialog.getByRole('textbox', { name: 'Reaction' })).toHaveValue('Hives');
    await dialog.getByLabel('Substance').fill('');
    await dialog.getByRole('button', { name: 'Save allergy' }).click();
    await expect(dialog.getByText('Substance is required')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Focus went back to the Edit button, whose tooltip (outside the landmarks, like every popper) is open.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await conditionsCard(page).getByRole('button', { name: 'Edit Acute bronchitis' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit condition' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
  });
}
