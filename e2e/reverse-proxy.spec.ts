import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { z } from 'zod';
import type { AccessLog } from '../src/shared/contracts/sign-in';
import { samplePdf } from '../src/server/db/sample-documents';
import { startN8nStandIn, streamLine } from '../src/testing/n8n-stand-in';
import { expect, test } from './fixtures';
import { CHROMIUM_FLAGS } from './support/chromium-flags';
import { testChromium } from './support/chromium-path';
import { requestFrom } from './support/from-address';
import { expectToast } from './support/interactions';
import { nginxInstalled, startNginx } from './support/nginx';
import { freePort } from './support/server';
import { addVirtualAuthenticator, credentialsOf } from './support/virtual-authenticator';

// docs/deploying.md's nginx configuration, as a self-hoster copies it, in Debian's nginx with a self-signed
// certificate for the documented name, in front of the compiled app started as the doc says (issue 29, finding 5).
// Only ports and certificate paths are changed (support/documented-nginx.ts). Chromium resolves the name to
// 127.0.0.1 and accepts the certificate; everything else is what a browser behind such a proxy does.

const NAME = 'health.example.com';
const PASSPHRASE = 'correct horse battery staple';
const SETUP_CODE = /Setup code: ([0-9A-Z]{5}-[0-9A-Z]{5})/;

// On CI nginx is installed by .ci/run, and a missing one must fail there, never pass as skipped.
test.skip(!process.env.CI && !nginxInstalled(), 'Debian’s nginx is not installed (apt-get install nginx; .ci/run installs it)');

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: testChromium(),
    // The public name goes to this machine; every other lookup still goes nowhere.
    args: CHROMIUM_FLAGS.map((flag) => (flag.startsWith('--host-resolver-rules=') ? flag.replace('=', `=MAP ${NAME} 127.0.0.1, `) : flag)),
  },
  // The shared seeded server (behind the default baseURL) is not started: this test has its own behind nginx.
  baseURL: 'http://localhost',
});
// A passphrase hashed and a 5 MiB upload and restore through TLS on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** A PDF of `size` bytes that does not compress, so that the backup holding it is as large as it is. */
function incompressiblePdf(size: number): Buffer {
  const bytes = randomBytes(size);
  samplePdf('Scan', ['page 1']).copy(bytes, 0);
  return bytes;
}

const log = (page: Page) => page.getByRole('log', { name: 'Conversation with the health assistant' });
const botBubbles = (conversation: Locator) => conversation.locator(':scope > div').filter({ hasText: /^Assistant said: / });
const passkeysCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Passkeys', exact: true }) });

test('the documented nginx setup: setup code, passkey, 5 MiB upload, backup restored, streamed reply, each client’s own address', async ({
  page,
  freshServer,
}) => {
  // The chat's n8n sends its first piece, then nothing more until the test ends: only a proxy that passes a stream
  // on as it comes lets that piece reach the page.
  const n8n = await startN8nStandIn((request) =>
    request.fields.action === 'loadPreviousSession' ? { json: { data: [] } } : { lines: [streamLine('begin'), streamLine('item', 'Streamed through nginx.')], stallAfter: 2 },
  );
  const httpsPort = await freePort();
  const server = await freshServer('account', { ALLOWED_HOSTS: `${NAME}:${httpsPort}`, TRUST_PROXY: '127.0.0.1', N8N_CHAT_WEBHOOK_URL: n8n.url });
  const nginx = await startNginx({ name: NAME, httpsPort, appPort: Number(new URL(server.url).port) });
  try {
    const origin = nginx.url;

    // Plain http sends the browser to https.
    const plain = await requestFrom('127.0.0.1', `http://${NAME}:${nginx.httpPort}/records`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://${NAME}/records`);

    // The setup code from the server's log, and a passphrase: signed in, with the __Host- cookie.
    await expect.poll(() => SETUP_CODE.exec(server.output())?.[1]).toBeDefined();
    const setupCode = SETUP_CODE.exec(server.output())![1]!;
    // The app answers to the public name with its port (nginx's $host would drop it: 421).
    expect((await page.goto(`${origin}/`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up HealthAssist' })).toBeVisible();
    await page.getByLabel('Setup code').fill(setupCode);
    await page.getByLabel('New passphrase').fill(PASSPHRASE);
    await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10, { timeout: 30_000 });
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    const cookies = await page.context().cookies(origin);
    expect(cookies.map(({ name, secure, httpOnly, sameSite }) => ({ name, secure, httpOnly, sameSite }))).toEqual([
      { name: '__Host-healthassist-session', secure: true, httpOnly: true, sameSite: 'Strict' },
      // The device cookie (issue 29): this browser's guesses are counted apart from strangers'.
      { name: '__Host-healthassist-device', secure: true, httpOnly: true, sameSite: 'Strict' },
    ]);

    // A passkey, its relying party the public name.
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(`${origin}/settings/security`);
    await passkeysCard(page).getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('Laptop');
    const added = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/security/passkeys' && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Add passkey' }).click();
    expect((await added).status()).toBe(201);
    await expect(passkeysCard(page).getByRole('listitem')).toContainText('Laptop');
    expect((await credentialsOf(authenticator)).map((credential) => credential.rpId)).toEqual([NAME]);

    // A 5 MiB upload: over nginx's default 1 MB, within the documented size for the route.
    const scan = incompressiblePdf(5 * 1024 * 1024);
    await page.goto(`${origin}/records`);
    await page.getByRole('button', { name: 'Upload New Record' }).click();
    await page.getByTestId('document-file-input').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan });
    await page.getByRole('button', { name: 'Upload Record', exact: true }).click();
    await expectToast(page, 'Record uploaded', 'scan.pdf has been added to your records.', { timeout: 60_000 });

    // The backup holding it, downloaded and restored in place of the record, each over 1 MB through nginx.
    const restore = await page.evaluate(async () => {
      const backup = await (await fetch('/api/export')).blob();
      const answer = await fetch('/api/import?replace=true', { method: 'POST', headers: { 'Content-Type': 'application/zip' }, body: backup });
      return { size: backup.size, status: answer.status, body: await answer.text() };
    });
    expect(restore.size).toBeGreaterThan(5 * 1024 * 1024);
    expect(restore.status, restore.body).toBe(201);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Your Records' })).toContainText('scan.pdf');
    const file = await page.evaluate(async () => {
      const records = (await (await fetch('/api/medical-records/1')).json()) as { id: number; filename: string }[];
      const id = records.find((record) => record.filename === 'scan.pdf')!.id;
      return (await (await fetch(`/api/medical-records/${id}/file`)).arrayBuffer()).byteLength;
    });
    expect(file).toBe(scan.length);

    // A streamed reply: its first piece shows while n8n is still answering.
    await page.goto(`${origin}/chat`);
    await expect(page.getByText('Answered by your n8n chat workflow')).toBeVisible();
    const messageBox = page.getByRole('textbox', { name: 'Your message' });
    await messageBox.fill('Are you there?');
    await expect(async () => {
      if ((await messageBox.inputValue()) !== '') await messageBox.press('Enter');
      await expect(messageBox).toHaveValue('', { timeout: 1000 });
    }).toPass();
    // n8n never ends this answer (until the test closes it): a proxy that held the stream back would show nothing.
    await expect(botBubbles(log(page)).last()).toHaveText('Assistant said: Streamed through nginx.');

    // Two other clients, from addresses of their own, each fail a sign-in; the app logs each with its address.
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      const refused = await requestFrom(address, `${origin}/api/session/passphrase`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, 'User-Agent': `client at ${address}` },
        body: JSON.stringify({ passphrase: 'not the passphrase at all' }),
      });
      expect(refused.status, refused.body).toBe(401);
    }
    // nginx sees each client as itself; then the app must too, from X-Forwarded-For (TRUST_PROXY). nginx writes a
    // request's log line as it finishes the request, which can be just after the client has its answer: wait for it.
    await expect.poll(() => nginx.accessLog()).toMatch(/^127\.0\.0\.2 .*"POST \/api\/session\/passphrase HTTP\/1\.1" 401 /m);
    await expect.poll(() => nginx.accessLog()).toMatch(/^127\.0\.0\.3 .*"POST \/api\/session\/passphrase HTTP\/1\.1" 401 /m);
    const events = await page.evaluate(async () => (await (await fetch('/api/security/access-log')).json()) as z.infer<typeof AccessLog>);
    const seen = events.map(({ kind, clientAddress, userAgent }) => ({ kind, clientAddress, userAgent }));
    expect(seen).toContainEqual({ kind: 'sign_in_failed', clientAddress: '127.0.0.2', userAgent: 'client at 127.0.0.2' });
    expect(seen).toContainEqual({ kind: 'sign_in_failed', clientAddress: '127.0.0.3', userAgent: 'client at 127.0.0.3' });
    expect(seen.filter(({ kind }) => kind === 'signed_in').map(({ clientAddress }) => clientAddress)).toEqual(['127.0.0.1']);
  } finally {
    // The stalled stream first, so that neither nginx nor the app waits for it.
    await n8n.close();
    await nginx.stop();
  }
});
