import type { Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from './support/chromium-flags';
import { testChromium } from './support/chromium-path';
import { expect, expectNoAxeViolations, test, toasts, useStoredTheme } from './fixtures';
import type { RunningServer } from './support/server';
import { addVirtualAuthenticator, credentialsOf } from './support/virtual-authenticator';

// Passkeys (issue 19, ADR 17) with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform
// authenticator that holds discoverable credentials and verifies the user at once. WebAuthn wants a secure page whose
// relying party is a domain name, so these pages are opened at http://localhost:<port> (a loopback name the server
// answers to), not at 127.0.0.1.

// The shared flags send every name lookup nowhere but 127.0.0.1; localhost is let through as well, to loopback.
test.use({
  launchOptions: {
    executablePath: testChromium(),
    args: CHROMIUM_FLAGS.map((flag) => (flag.startsWith('--host-resolver-rules=') ? `${flag}, EXCLUDE localhost` : flag)),
  },
  // Every test here starts a server of its own: the shared seeded one (behind the default baseURL) is not started.
  baseURL: 'http://localhost',
});
// A server of its own and up to three ceremonies each: on a busy two-core machine that outlasts the default minute.
test.describe.configure({ timeout: 120_000 });

const byName = (server: RunningServer) => server.url.replace('//127.0.0.1:', '//localhost:');

async function accessOf(page: Page, url: string): Promise<string> {
  return ((await (await page.request.get(`${url}/api/session`)).json()) as { access: string }).access;
}

const passkeysCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Passkeys', exact: true }) });

async function addPasskey(page: Page, name: string) {
  await passkeysCard(page).getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill(name);
  const added = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/security/passkeys' && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  expect((await added).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: `${name} can now sign you in.` })).toBeVisible();
}

test('a passkey added in Settings → Security protects the record, signs in, and cannot be removed while it is the only way in', async ({
  page,
  freshServer,
}) => {
  const server = await freshServer('account');
  const url = byName(server);
  const authenticator = await addVirtualAuthenticator(page);
  await useStoredTheme(page, 'light');

  await page.goto(`${url}/settings/security`);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await accessOf(page, url)).toBe('open');
  await expect(passkeysCard(page)).toContainText('No passkeys yet');

  // The first passkey: made on the authenticator (discoverable), kept by the server, and this browser signed in by it.
  await addPasskey(page, 'Test laptop');
  await expect(passkeysCard(page).getByRole('listitem')).toHaveCount(1);
  await expect(passkeysCard(page).getByRole('listitem')).toContainText('Test laptop');
  await expect(passkeysCard(page).getByRole('listitem')).toContainText('Never used');
  const credentials = await credentialsOf(authenticator);
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(await accessOf(page, url)).toBe('signed-in');

  // The only way in: the server refuses to remove it, and says why.
  await passkeysCard(page).getByRole('button', { name: 'Remove Test laptop' }).click();
  await page.getByRole('alertdialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(toasts(page).filter({ hasText: 'This is your only way to sign in' })).toBeVisible();
  await expect(passkeysCard(page).getByRole('listitem')).toHaveCount(1);

  // Another browser's view (no cookie): the sign-in screen offers the passkey, and the passkey signs in.
  await page.context().clearCookies();
  await page.goto(`${url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to HealthAssist' })).toBeVisible();
  expect(await accessOf(page, url)).toBe('sign-in');
  await expectNoAxeViolations(page);
  const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session/passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  expect((await signedIn).status()).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  expect(await accessOf(page, url)).toBe('signed-in');
  expect((await credentialsOf(authenticator))[0]!.signCount).toBeGreaterThan(0);

  // Settings shows when it was last used.
  await page.goto(`${url}/settings/security`);
  await expect(passkeysCard(page).getByRole('listitem')).toContainText('Last used');
});

test('a passkey the authenticator no longer holds signs nobody in: the screen says what went wrong (dark, 390 px)', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const url = byName(server);
  const authenticator = await addVirtualAuthenticator(page);
  await useStoredTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/settings/security`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await addPasskey(page, 'Test laptop');

  // The device lost it (deleted there); the browser has nothing to offer, and the ceremony ends unanswered.
  await authenticator.cdp.send('WebAuthn.clearCredentials', { authenticatorId: authenticator.authenticatorId });
  await page.context().clearCookies();
  await page.goto(`${url}/`);
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByRole('alert')).toContainText('You were not signed in: the passkey prompt was closed or timed out');
  await expect(button).toBeVisible();
  expect(await accessOf(page, url)).toBe('sign-in');
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('"Protect your record" with a passkey instead of a passphrase: the record is protected, then the recovery codes', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const url = byName(server);
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Protect your record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Protect your record' });
  const added = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/security/passkeys' && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Use a passkey instead' }).click();
  expect((await added).status()).toBe(201);
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(dialog).toBeHidden();
  expect(await accessOf(page, url)).toBe('signed-in');
  expect(await credentialsOf(authenticator)).toHaveLength(1);
  const session = (await (await page.request.get(`${url}/api/session`)).json()) as { methods: { passkey: boolean; passphrase: boolean } };
  expect(session.methods).toEqual({ passkey: true, passphrase: false });
});

test('on 127.0.0.1 (no domain name for a relying party) Settings explains that passkeys cannot be added here', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await page.goto(`${server.url}/settings/security`);
  await expect(passkeysCard(page)).toContainText('Passkeys cannot be added on this page');
  await expect(passkeysCard(page).getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
});
