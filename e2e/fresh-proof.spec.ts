import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectToast } from './support/interactions';

// Fresh proof (issue 29, ADR 21): past SIGN_IN_FRESH_MINUTES since the sign-in, changing a way in asks 'Confirm it’s
// you' and sends the change again once the passphrase is given. Here the window is three seconds.

const PASSPHRASE = 'correct horse battery staple';
const NEW_PASSPHRASE = 'a brand new passphrase of mine';
const FRESH_MINUTES = 0.05;

async function submitNewPassphrase(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Change passphrase' });
  await dialog.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await dialog.getByLabel('Repeat the new passphrase').fill(NEW_PASSPHRASE);
  await dialog.getByRole('button', { name: 'Change passphrase' }).click();
}

test('changing the passphrase after the fresh window asks for the passphrase, then changes it', async ({ page, request, freshServer }) => {
  // Three passphrases hashed (scrypt, 64 MiB) and a dialog checked by axe: given room on a busy machine.
  test.slow();
  const server = await freshServer('account', { SIGN_IN_FRESH_MINUTES: String(FRESH_MINUTES) });
  // Protected first: setting the first passphrase on the open app signs this browser in, which is its proof.
  expect((await page.request.put(`${server.url}/api/security/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(204);
  const provedAt = Date.now();
  await page.goto(`${server.url}/settings/security`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // The state this test needs is the clock past the window: nothing on the page shows it.
  await expect.poll(() => Date.now() - provedAt, { timeout: 30_000 }).toBeGreaterThan(FRESH_MINUTES * 60_000 + 1_000);

  await page.getByRole('button', { name: 'Change passphrase' }).click();
  await submitNewPassphrase(page);
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(confirm.getByLabel('Your passphrase')).toBeFocused();
  await expectNoAxeViolations(page, '[role="dialog"]');

  // Closed without proof: nothing changes, and the change says so.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, 'Error', 'Nothing was changed: confirm it is you to make this change', { behindModal: true });

  // Sent again: a wrong passphrase is refused in the dialog, the right one proves it and the change goes through.
  await submitNewPassphrase(page);
  await confirm.getByLabel('Your passphrase').fill('not my passphrase at all');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toContainText('That did not work');
  await confirm.getByLabel('Your passphrase').fill(PASSPHRASE);
  const changed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/security/passphrase' && response.status() === 204);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await changed;
  await expectToast(page, 'Passphrase changed', 'Every other session was ended');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Change passphrase' })).toBeHidden();

  // The new passphrase opens the record; the old one no longer does.
  expect((await request.post(`${server.url}/api/session/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(401);
  expect((await request.post(`${server.url}/api/session/passphrase`, { data: { passphrase: NEW_PASSPHRASE } })).status()).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
});
