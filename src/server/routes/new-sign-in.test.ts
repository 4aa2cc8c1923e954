import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { notifications, notificationSettings } from '../db/schema/index';
import { api, type ApiResponse, sessionCookieOf, useTestDatabase } from '../../testing/test-app';

// A sign-in from a browser the account had never seen is shown in the app's notifications (issue 33), on both
// databases: named in words, never by its address; not for a browser it knows, nor for the account's first.

const t = useTestDatabase();
const PASSPHRASE = 'correct horse battery staple';
const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ database: t.database });
});
afterAll(async () => {
  await app?.close();
});

/** The `name=value` of the device cookie an answer set. */
function deviceCookieOf(response: ApiResponse): string {
  const line = [response.headers['set-cookie']].flat().find((each) => typeof each === 'string' && /^healthassist-device=/.test(each));
  expect(line, 'a device cookie').toBeDefined();
  return (line as string).split(';')[0]!;
}

/** The open app's browser sets the passphrase: it is signed in, and the account's first browser. Its two cookies. */
async function protect(): Promise<{ device: string; session: string }> {
  const response = await api(app, 'PUT', '/api/security/passphrase', { passphrase: PASSPHRASE }, { 'user-agent': CHROME_ON_LINUX });
  expect(response.status).toBe(204);
  return { device: deviceCookieOf(response), session: sessionCookieOf(response) };
}

async function signIn(headers: Record<string, string>): Promise<ApiResponse> {
  const response = await api(app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE }, headers);
  expect(response.status).toBe(204);
  return response;
}

const newSignIns = () => t.db.select().from(notifications).where(eq(notifications.kind, 'new-sign-in'));

describe('a sign-in', () => {
  it('from a browser never seen before is a notification naming it in words; from one it knows, none', async () => {
    const first = await protect();
    expect(await newSignIns()).toEqual([]);
    await signIn({ 'user-agent': CHROME_ON_LINUX, cookie: first.device });
    expect(await newSignIns()).toEqual([]);

    const phone = await signIn({ 'user-agent': SAFARI_ON_IPHONE, 'x-forwarded-for': '203.0.113.7' });
    const written = await newSignIns();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      userId: t.userId,
      title: 'A sign-in from a new browser: Safari on iPhone',
      discreetText: 'a sign-in from a new browser',
      link: '/settings/security',
      subject: expect.stringMatching(/^device:[\w-]{16}$/),
      readAt: null,
    });
    expect(JSON.stringify(written[0])).not.toMatch(/127\.0\.0\.1|203\.0\.113\.7|Mozilla/);
    // Signed in, the patient reads it in the bell.
    const bell = await api(app, 'GET', `/api/notifications/${t.userId}`, undefined, { cookie: sessionCookieOf(phone) });
    expect(bell.body.items).toEqual([expect.objectContaining({ kind: 'new-sign-in', title: 'A sign-in from a new browser: Safari on iPhone' })]);

    // The phone again, now known: nothing new.
    await signIn({ 'user-agent': SAFARI_ON_IPHONE, cookie: deviceCookieOf(phone) });
    expect(await newSignIns()).toHaveLength(1);
  });

  it('from a new browser is none when the patient switched new sign-ins off', async () => {
    await protect();
    await t.db.insert(notificationSettings).values({ userId: t.userId, newSignIns: false });
    await signIn({ 'user-agent': SAFARI_ON_IPHONE });
    expect(await newSignIns()).toEqual([]);
  });

  it('with a recovery code from a new browser is one too', async () => {
    const first = await protect();
    const codes = await api(app, 'POST', '/api/security/recovery-codes', undefined, { 'user-agent': CHROME_ON_LINUX, cookie: `${first.session}; ${first.device}` });
    expect(codes.status, JSON.stringify(codes.body)).toBe(201);
    const response = await api(app, 'POST', '/api/session/recovery-code', { code: codes.body.codes[0] }, { 'user-agent': 'curl/8.5.0' });
    expect(response.status).toBe(204);
    expect((await newSignIns()).map((row) => row.title)).toEqual(['A sign-in from a new browser: curl']);
  });
});
