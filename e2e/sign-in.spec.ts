import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toasts, useStoredTheme } from './fixtures';
import type { RunningServer } from './support/server';

// Sign-in (issue 19, ADR 17): "Protect your record" while the app is open, Logout, the sign-in screen (passphrase,
// recovery codes, the throttle), the idle timeout, and the setup code of an app reachable beyond this machine.

// Every test hashes passphrases (scrypt, 64 MiB: ~0.2 s alone, but 8 s was seen for one on a two-core machine shared
// with other test runs), and most start a server of their own: more time than a screen that only reads.
test.describe.configure({ timeout: 180_000 });
/** For what follows a hash: the codes after 'Set passphrase', the screen after a sign-in. */
const AFTER_HASH = { timeout: 30_000 };

const PASSPHRASE = 'correct horse battery staple';
const REFUSED = 'That did not work: check what you typed and try again';

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to HealthAssist' });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });
const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /Welcome back/ });

async function openApp(page: Page, server: RunningServer, path = '/') {
  await page.goto(`${server.url}${path}`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The banner's flow: a passphrase, then the ten codes shown once; returns them. */
async function protectWithPassphrase(page: Page, { check }: { check?: (dialog: Locator) => Promise<void> } = {}): Promise<string[]> {
  await page.getByRole('button', { name: 'Protect your record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Protect your record' });
  await expect(dialog.getByLabel('New passphrase')).toBeVisible();
  await check?.(dialog);
  await dialog.getByLabel('New passphrase').fill(PASSPHRASE);
  await dialog.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await dialog.getByRole('button', { name: 'Set passphrase' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10, AFTER_HASH);
  const shown = await codes.allTextContents();
  await check?.(dialog);
  await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'HealthAssist asks for your passphrase or passkey from now on.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Protect your record' })).toHaveCount(0);
  return shown;
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(signInHeading(page)).toBeVisible();
}

/** Sends the passphrase from the sign-in screen; resolves to the server's status. */
async function submitPassphrase(page: Page, passphrase: string): Promise<number> {
  await page.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session/passphrase');
  await signInButton(page).click();
  return (await answered).status();
}

async function submitRecoveryCode(page: Page, code: string): Promise<number> {
  await page.getByLabel('Recovery code').fill(code);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session/recovery-code');
  await signInButton(page).click();
  return (await answered).status();
}

test('a passphrase set from the banner protects the record: Logout, a wrong passphrase refused, the right one lets in', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openApp(page, server, '/records');
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  // While the app is open there is no session to end.
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await protectWithPassphrase(page, {
    check: async (dialog) => {
      if (!(await dialog.getByLabel('New passphrase').isVisible())) return;
      // The shared rule's words, and the repeat that differs.
      await dialog.getByLabel('New passphrase').fill('too short');
      await dialog.getByLabel('Repeat the passphrase').fill('too shorter');
      await dialog.getByRole('button', { name: 'Set passphrase' }).click();
      await expect(dialog.getByText('Use at least 12 characters: a few words you will remember work well')).toBeVisible();
      await expect(dialog.getByText('Type the same passphrase twice')).toBeVisible();
      await expect(dialog.getByLabel('New passphrase')).toBeFocused();
    },
  });
  expect((await page.request.get(`${server.url}/api/session`)).ok()).toBe(true);
  expect(await (await page.request.get(`${server.url}/api/session`)).json()).toMatchObject({ access: 'signed-in', methods: { passphrase: true } });

  await logout(page);
  // Nothing about the patient answers now, and the address asked for is kept.
  expect((await page.request.get(`${server.url}/api/setup`)).status()).toBe(401);
  await expect(page).toHaveURL(`${server.url}/records`);
  await expect(page.getByLabel('Passphrase', { exact: true })).toBeFocused();

  expect(await submitPassphrase(page, 'not my passphrase at all')).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page.getByLabel('Passphrase', { exact: true })).toBeFocused();

  expect(await submitPassphrase(page, PASSPHRASE)).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeEnabled();
  await page.keyboard.press('Escape');
  // Still signed in after a reload: the session is a cookie.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
});

test('keep me signed in: without it the session cookie ends with the browser, with it the cookie lasts', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  expect((await page.request.put(`${server.url}/api/security/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(204);
  const sessionCookie = async () => (await page.context().cookies(server.url)).find(({ name }) => name === 'healthassist-session');

  for (const keep of [false, true]) {
    expect((await page.request.delete(`${server.url}/api/session`)).status()).toBe(204);
    await openApp(page, server);
    const box = page.getByRole('checkbox', { name: 'Keep me signed in on this device' });
    await expect(box).not.toBeChecked();
    if (keep) await box.check();
    expect(await submitPassphrase(page, PASSPHRASE)).toBe(204);
    await expect(dashboardHeading(page)).toBeVisible(AFTER_HASH);
    const cookie = await sessionCookie();
    // -1: a cookie of the browser's session, gone when it closes.
    if (keep) expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    else expect(cookie?.expires).toBe(-1);
  }
});

test('a session that ends elsewhere shows the sign-in screen at the next request, without a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openApp(page, server);
  await protectWithPassphrase(page);
  await expect(dashboardHeading(page)).toBeVisible();
  // Signed out behind the page's back (the cookie is the context's): the next screen's reads answer 401.
  expect((await page.request.delete(`${server.url}/api/session`)).status()).toBe(204);
  await page.getByRole('navigation').getByRole('link', { name: 'Insurance' }).click();
  await expect(signInHeading(page)).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/insurance`);
  expect(await submitPassphrase(page, PASSPHRASE)).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Information' })).toBeVisible();
});

test('after five free failures the sign-in is throttled, with the wait in the alert', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openApp(page, server);
  await protectWithPassphrase(page);
  await logout(page);
  for (let attempt = 1; attempt <= 5; attempt++) {
    expect(await submitPassphrase(page, `wrong guess number ${attempt}`), `attempt ${attempt}`).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(REFUSED);
  }
  // The waits after the latest attempt double (1, 2, 4 … s): the next attempt falls within one as soon as a wait is
  // longer than an attempt takes (at once here; several seconds a hash on a loaded machine).
  let status = 0;
  for (let attempt = 6; attempt <= 14 && status !== 429; attempt++) status = await submitPassphrase(page, `wrong guess number ${attempt}`);
  expect(status).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(/^Too many attempts to sign in: try again in \d+ seconds?$/);
});

test('a recovery code signs in once and is refused the second time', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openApp(page, server);
  const codes = await protectWithPassphrase(page);
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await logout(page);

  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  expect(await submitRecoveryCode(page, codes[0]!)).toBe(204);
  await expect(dashboardHeading(page)).toBeVisible();

  await logout(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  expect(await submitRecoveryCode(page, codes[0]!)).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  // Typed as a person might: lower case, without dashes.
  expect(await submitRecoveryCode(page, codes[1]!.replaceAll('-', '').toLowerCase())).toBe(204);
  await expect(dashboardHeading(page)).toBeVisible();
});

test('a session left idle ends: after a reload the sign-in screen shows', async ({ page, freshServer }) => {
  // 0.05 minutes: three seconds. The passphrase is set through the API (which signs this browser context in, as the
  // banner's flow does), so that no screen's own requests race the three seconds.
  const server = await freshServer('account', { SESSION_IDLE_MINUTES: '0.05' });
  expect((await page.request.put(`${server.url}/api/security/passphrase`, { data: { passphrase: PASSPHRASE } })).status()).toBe(204);
  expect((await page.context().cookies(server.url)).map((cookie) => cookie.name)).toContain('healthassist-session');
  await expect(async () => {
    await page.goto(`${server.url}/`);
    await expect(signInHeading(page)).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  expect((await page.request.get(`${server.url}/api/setup`)).status()).toBe(401);
  expect(await (await page.request.get(`${server.url}/api/session`)).json()).toMatchObject({ access: 'sign-in' });
});

test('an app reachable beyond this machine asks for the setup code from its log, then a passphrase, then shows the codes', async ({ page, freshServer }) => {
  const server = await freshServer('empty', { HOST: '0.0.0.0', SEED: 'false' });
  await expect.poll(() => /Setup code: ([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(server.output())?.[1]).toBeDefined();
  const setupCode = /Setup code: ([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(server.output())![1]!;
  expect((await page.request.get(`${server.url}/api/setup`)).status()).toBe(401);

  await openApp(page, server, '/records');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up HealthAssist' })).toBeVisible();
  await expect(page.getByText('server’s log', { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('Setup code')).toBeFocused();

  // The shared rule first, then a wrong code refused by the server.
  await page.getByLabel('Setup code').fill('AAAAA-AAAAA');
  await page.getByLabel('New passphrase').fill('short');
  await page.getByLabel('Repeat the passphrase').fill('short');
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByText('Use at least 12 characters: a few words you will remember work well')).toBeVisible();
  await page.getByLabel('New passphrase').fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('alert')).toHaveText(REFUSED);

  await page.getByLabel('Setup code').fill(setupCode.toLowerCase());
  await page.getByRole('button', { name: 'Set up' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10, AFTER_HASH);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('healthassist-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  // Signed in: the first run's wizard opens, as it does on this machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HealthAssist' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/onboarding`);
  expect(await (await page.request.get(`${server.url}/api/session`)).json()).toMatchObject({ access: 'signed-in' });
});

test("onboarding's last step protects the record while the app is open", async ({ page, freshServer }) => {
  // The demo patient's answers fill every step already.
  const server = await freshServer('seeded');
  await page.goto(`${server.url}/onboarding`);
  for (let step = 1; step <= 3; step++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Protect your record' })).toBeFocused();
  await page.getByLabel('New passphrase').fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10, AFTER_HASH);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Protect your record' })).toHaveCount(0);
  await logout(page);
});

test('the banner, once dismissed, stays away on this device', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openApp(page, server);
  const banner = page.getByRole('region', { name: 'Protect your record' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(banner).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the protect, sign-in and setup screens have no axe violations in the ${theme} theme`, async ({ page, freshServer }) => {
    await useStoredTheme(page, theme);
    const server = await freshServer('account');
    await openApp(page, server);
    await expect(page.getByRole('region', { name: 'Protect your record' })).toBeVisible();
    await expectNoAxeViolations(page);
    await protectWithPassphrase(page, { check: () => expectNoAxeViolations(page, '[role="dialog"]') });
    await logout(page);
    await expectNoAxeViolations(page);
    await submitPassphrase(page, 'not my passphrase at all');
    await expect(page.getByRole('alert')).toHaveText(REFUSED);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expectNoAxeViolations(page);

    const remote = await freshServer('empty', { HOST: '0.0.0.0' });
    await openApp(page, remote);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up HealthAssist' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect(page.getByText('Use at least 12 characters: a few words you will remember work well')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('at 390 px the sign-in screen and the recovery codes fit the width', async ({ page, freshServer }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const server = await freshServer('account');
  await openApp(page, server);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await protectWithPassphrase(page, {
    check: async (dialog) => {
      await expectNoAxeViolations(page, '[role="dialog"]');
      expect(await fits()).toBe(true);
      await expect(dialog.getByRole('button', { name: /Set passphrase|I have saved my recovery codes/ })).toBeInViewport();
    },
  });
  await logout(page);
  await expectNoAxeViolations(page);
  expect(await fits()).toBe(true);
  await expect(signInButton(page)).toBeInViewport();
});
