import type { Page } from '@playwright/test';
import { signInMessages } from '../src/shared/rules/sign-in';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { expectToast, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

// Settings → Security (issue 19, ADR 17), on a server of its own with no credential yet: the app is open on loopback.

const PASSPHRASE = 'correct horse battery staple';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const card = (page: Page, heading: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });

/** From the profile menu, by keyboard: Settings, then the dialog's Security link. */
async function openSecurityByKeyboard(page: Page, server: RunningServer) {
  await page.goto(`${server.url}/`);
  const profile = page.getByRole('button', { name: /^Profile menu/ });
  await expect(profile).toBeVisible();
  await profile.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await pressUntilFocused(page, settings.getByRole('link', { name: 'Security' }), 'Tab', 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.url}/settings/security`);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeFocused();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function sessionAccess(page: Page, server: RunningServer) {
  return ((await (await page.request.get(`${server.url}/api/session`)).json()) as { access: string }).access;
}

test('passphrase and recovery codes, the sessions and the access log, on an app with no credential yet', async ({ page, browser, freshServer }) => {
  // A long walk with a passphrase hashed twice (scrypt, 64 MiB): given room on a busy machine.
  test.slow();
  const server = await freshServer('account');
  await useStoredTheme(page, 'light');
  await openSecurityByKeyboard(page, server);
  expect(await sessionAccess(page, server)).toBe('open');
  await expect(card(page, 'Sessions')).toContainText('No sessions');
  await expect(card(page, 'Recovery codes')).toContainText('0 of 10 left');

  // The passphrase: the shared rule in its own words, the repeat, then set; this browser is signed in by it.
  const passphraseCard = card(page, 'Passphrase');
  await expect(passphraseCard).toContainText('No passphrase yet.');
  await passphraseCard.getByRole('button', { name: 'Set a passphrase' }).click();
  const passphraseDialog = page.getByRole('dialog', { name: 'Set a passphrase' });
  await expect(passphraseDialog.getByLabel('New passphrase', { exact: true })).toBeFocused();
  await passphraseDialog.getByLabel('New passphrase', { exact: true }).fill('too short');
  await passphraseDialog.getByLabel('Repeat the new passphrase').fill('something else');
  await passphraseDialog.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(passphraseDialog.getByText(signInMessages.tooShort)).toBeVisible();
  await expect(passphraseDialog.getByText('Type the same passphrase twice')).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await passphraseDialog.getByLabel('New passphrase', { exact: true }).fill(PASSPHRASE);
  await passphraseDialog.getByLabel('Repeat the new passphrase').fill(PASSPHRASE);
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/security/passphrase');
  await passphraseDialog.getByRole('button', { name: 'Set passphrase' }).click();
  expect((await saved).status()).toBe(204);
  await expectToast(page, 'Passphrase set', 'this browser is signed in');
  await expect(passphraseDialog).toBeHidden();
  await expect(passphraseCard.getByRole('button', { name: 'Change passphrase' })).toBeFocused();
  await expect(passphraseCard).toContainText('A passphrase is set.');
  expect(await sessionAccess(page, server)).toBe('signed-in');
  await expect(card(page, 'Sessions').getByRole('listitem')).toHaveCount(1);
  await expect(card(page, 'Sessions').getByRole('listitem')).toContainText('This device');

  // Recovery codes: none yet, so no question first; ten shown once, to download; then ten more replace them.
  const codesCard = card(page, 'Recovery codes');
  await codesCard.getByRole('button', { name: 'Make new recovery codes' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Your new recovery codes' });
  const codes = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const firstCodes = await codes.allTextContents();
  await expectNoAxeViolations(page, '[role="dialog"]');
  const download = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('healthassist-recovery-codes.txt');
  await codesDialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(codesDialog).toBeHidden();
  await expect(codesCard).toContainText('10 of 10 left');
  await codesCard.getByRole('button', { name: 'Make new recovery codes' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Make new recovery codes?' });
  await expect(ask).toContainText('stop working');
  await ask.getByRole('button', { name: 'Make new codes' }).click();
  await expect(codes).toHaveCount(10);
  expect(await codes.allTextContents()).not.toEqual(firstCodes);
  await codesDialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(codesCard.getByRole('button', { name: 'Make new recovery codes' })).toBeFocused();

  // Another device signs in with the passphrase; the list shows it, and ending the others signs it out.
  const phone = await browser.newContext({ userAgent: IPHONE_SAFARI });
  try {
    expect((await phone.request.post(`${server.url}/api/session/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(204);
    expect((await phone.request.get(`${server.url}/api/users/1`)).status()).toBe(200);
    await page.reload();
    const sessions = card(page, 'Sessions').getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This device' })).toContainText(/Chrome on \w+/);
    await expect(sessions.filter({ hasNotText: 'This device' })).toContainText('Safari on iPhone');
    await card(page, 'Sessions').getByRole('button', { name: 'End all other sessions' }).click();
    await expectToast(page, 'Other sessions ended', '1 session was ended.');
    await expect(sessions).toHaveCount(1);
    expect((await phone.request.get(`${server.url}/api/users/1`)).status()).toBe(401);
  } finally {
    await phone.close();
  }

  // The access log, in plain words, newest first.
  const log = card(page, 'Access log').getByRole('listitem');
  await expect(log.first()).toContainText('Other sessions were ended');
  for (const words of ['Signed in', 'New recovery codes made', 'Passphrase set']) {
    await expect(log.filter({ hasText: words }).first()).toBeVisible();
  }
  await expect(log.filter({ hasText: 'Signed in' }).first()).toContainText('Safari on iPhone');
  expect(await sessionAccess(page, server)).toBe('signed-in');
});

test('a read-only token is shown once, reads, cannot change, and stops working once revoked', async ({ page, request, freshServer }) => {
  // A passphrase hashed and a dialog checked by axe: given room on a busy machine.
  test.slow();
  const server = await freshServer('account');
  // Protected first, as a patient who hands out tokens would be: this browser is signed in by it.
  expect((await page.request.put(`${server.url}/api/security/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(204);
  await page.goto(`${server.url}/settings/security`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const tokensCard = card(page, 'Personal access tokens');
  await tokensCard.getByRole('button', { name: 'New token' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'New access token' });
  await tokenDialog.getByLabel('Name').fill('Nightly export');
  await expect(tokenDialog.getByRole('radio', { name: 'Read only' })).toBeChecked();
  await tokenDialog.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new access token' });
  await expect(shown.getByText('Copy it now: it is not shown again.')).toBeVisible();
  const token = await shown.getByLabel('Token').inputValue();
  expect(token).toMatch(/^ha_pat_/);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(tokensCard.getByRole('listitem')).toContainText(['Nightly exportRead only']);
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await request.get(`${server.url}/api/users/1`, { headers: bearer })).status()).toBe(200);
  expect((await request.patch(`${server.url}/api/users/1`, { headers: bearer, data: { displayName: 'Changed By Token' } })).status()).toBe(403);
  await tokensCard.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke token' }).click();
  await expectToast(page, 'Token revoked', 'Nightly export no longer works.');
  await expect(tokensCard.getByRole('listitem')).toContainText('Revoked');
  expect((await request.get(`${server.url}/api/users/1`, { headers: bearer })).status()).toBe(401);
  await expect(card(page, 'Access log').getByRole('listitem').first()).toContainText('Access token revoked');
});

test('the screen has no axe violations in light and dark, and works at 390 px', async ({ page, freshServer }) => {
  // Two full-page axe runs and a passphrase hashed: given room on a busy machine.
  test.slow();
  const server = await freshServer('account');
  await useStoredTheme(page, 'light');
  // Something in every list first: this browser's session, a token, and the access log's entries for them.
  expect((await page.request.put(`${server.url}/api/security/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(204);
  await page.goto(`${server.url}/settings/security`);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(card(page, 'Sessions').getByText('This device')).toBeVisible();
  await card(page, 'Personal access tokens').getByRole('button', { name: 'New token' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'New access token' });
  await tokenDialog.getByLabel('Name').fill('Workflow');
  await tokenDialog.getByRole('radio', { name: 'Read and change' }).check();
  await tokenDialog.getByRole('button', { name: 'Create token' }).click();
  await page.getByRole('dialog', { name: 'Your new access token' }).getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'Personal access tokens').getByRole('listitem')).toContainText(['WorkflowRead and change']);
  await expect(card(page, 'Access log').getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page);

  await page.evaluate(() => localStorage.setItem('ui-theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass('dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of ['Change passphrase', 'Make new recovery codes', 'New token', 'Revoke Workflow']) {
    const button = page.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
  }
  await page.getByRole('button', { name: 'Change passphrase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change passphrase' });
  await expect(dialog.getByRole('button', { name: 'Change passphrase' })).toBeInViewport();
  await expectNoAxeViolations(page, '[role="dialog"]');
});
