import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSetupCode } from '../auth/setup-codes';
import { LOOPBACK_SIGN_IN, type SignInSettings } from '../auth/sign-in-settings';
import { buildApp } from '../app';
import { accounts } from '../db/schema/index';
import { NOT_SIGNED_IN, SETUP_FIRST } from '../http/current-patient';
import { SIGN_IN_FAILED } from '../auth/sign-in';
import { api, type ApiResponse, sessionCookieOf, snapshotData, useTestDatabase } from '../../testing/test-app';

// Signing in end to end through the routes (ADR 17), on both databases: when it is required, the session cookie,
// the ways in, the limit on guessing, signing out, and the setup code of a server reachable beyond loopback.

const t = useTestDatabase();
const PASSPHRASE = 'correct horse battery staple';
const apps: FastifyInstance[] = [];

async function appWith(signIn: SignInSettings = LOOPBACK_SIGN_IN): Promise<FastifyInstance> {
  const app = await buildApp({ database: t.database, signIn });
  apps.push(app);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await appWith();
});
afterAll(async () => {
  await Promise.all(apps.map((each) => each.close()));
});


const withCookie = (cookie: string) => ({ cookie });

async function protect(target = app): Promise<string> {
  const response = await api(target, 'PUT', '/api/security/passphrase', { passphrase: PASSPHRASE });
  expect(response.status).toBe(204);
  return sessionCookieOf(response);
}

async function signIn(passphrase = PASSPHRASE, target = app): Promise<ApiResponse> {
  return api(target, 'POST', '/api/session/passphrase', { passphrase });
}

describe('before any credential, on loopback', () => {
  it('is open: the app works as before sign-in', async () => {
    expect((await api(app, 'GET', '/api/session')).body).toEqual({ access: 'open', patientId: 1, methods: { passkey: false, passphrase: false }, credentialsChangedAt: null });
    expect((await api(app, 'GET', '/api/users/1')).status).toBe(200);
  });

  it('setting the passphrase signs this browser in and closes the app to everyone else', async () => {
    const cookie = await protect();
    const refused = await api(app, 'GET', '/api/users/1');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: NOT_SIGNED_IN });
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(200);
    expect((await api(app, 'GET', '/api/session', undefined, withCookie(cookie))).body).toMatchObject({ access: 'signed-in', patientId: 1 });
    expect((await api(app, 'GET', '/api/session')).body).toEqual({ access: 'sign-in', patientId: null, methods: { passkey: false, passphrase: true }, credentialsChangedAt: null });
  });

  it('refuses a passphrase shorter than 12 characters with the rule’s words, and stays open', async () => {
    const response = await api(app, 'PUT', '/api/security/passphrase', { passphrase: 'too short' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^passphrase: Use at least 12 characters/);
    expect((await api(app, 'GET', '/api/session')).body.access).toBe('open');
  });
});

describe('signing in with the passphrase', () => {
  it('answers a wrong passphrase with the one message, and the right one with a new session each time', async () => {
    await protect();
    const wrong = await signIn('not the passphrase at all');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: SIGN_IN_FAILED });
    const first = sessionCookieOf(await signIn());
    const second = sessionCookieOf(await signIn());
    expect(first).not.toBe(second);
    for (const cookie of [first, second]) expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(200);
  });

  it('signs in with a hash stored under the earlier setting (N = 2^16, p = 2) and stores it again under today\'s', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(PASSPHRASE, salt, 32, { N: 2 ** 16, r: 8, p: 2, maxmem: 128 * 2 ** 16 * 8 + 2 ** 20 });
    const bare = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
    await t.db.update(accounts).set({ passwordHash: `$scrypt$ln=16,r=8,p=2$${bare(salt)}$${bare(key)}` }).where(eq(accounts.id, t.userId));
    expect((await signIn()).status).toBe(204);
    const [row] = await t.db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, t.userId));
    expect(row!.passwordHash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$/);
    expect((await signIn()).status).toBe(204);
    expect((await signIn('not the passphrase at all')).status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Strict cookie; from an https page, Secure with the __Host- prefix', async () => {
    await protect();
    const plain = [(await signIn()).headers['set-cookie']].flat().join('\n');
    expect(plain).toMatch(/^healthassist-session=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/m);
    expect(plain).not.toMatch(/^healthassist-session=[^;]+;.*Secure/m);
    const https = await api(app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE, keepSignedIn: true }, { origin: 'https://localhost:80' });
    expect([https.headers['set-cookie']].flat().join('\n')).toMatch(/^__Host-healthassist-session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Expires=[^;]+; Secure$/m);
  });

  it('keeps this device signed in only when asked: without it the cookie ends with the browser; a sign-in again keeps the choice', async () => {
    await protect();
    const kept = await api(app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE, keepSignedIn: true });
    expect([kept.headers['set-cookie']].flat().join('\n')).toMatch(/^healthassist-session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Expires=/m);
    const again = await api(app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE }, withCookie(sessionCookieOf(kept)));
    expect([again.headers['set-cookie']].flat().join('\n')).toMatch(/^healthassist-session=[^;]+; .*Expires=/m);
    // The session it replaced has ended: a browser holds one session.
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(sessionCookieOf(kept)))).status).toBe(401);
    const forgotten = await api(app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE, keepSignedIn: false });
    expect([forgotten.headers['set-cookie']].flat().join('\n')).not.toMatch(/^healthassist-session=[^;]+; .*Expires=/m);
  });

  it('waits after five failures from one address: 429 with Retry-After, counted before the passphrase is checked', async () => {
    await protect();
    // Sent at once: each attempt is counted before its (slow) check, so the sixth and seventh wait at once.
    const answers = await Promise.all(Array.from({ length: 7 }, () => signIn('wrong passphrase, again')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const held = answers.find((answer) => answer.status === 429)!;
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((held.body as { message: string }).message).toMatch(/^Too many attempts to sign in: try again in \d+ seconds?$/);
  });

  it('records each sign-in and failure in the access log', async () => {
    const cookie = await protect();
    await signIn('wrong passphrase, again');
    await signIn();
    const log = await api(app, 'GET', '/api/security/access-log', undefined, withCookie(cookie));
    expect(log.body.map((event: { kind: string }) => event.kind)).toEqual(['signed_in', 'sign_in_failed', 'passphrase_set']);
  });

  it('ends every other session when the passphrase changes, and gives this one a new id', async () => {
    const mine = await protect();
    const other = sessionCookieOf(await signIn());
    const changed = await api(app, 'PUT', '/api/security/passphrase', { passphrase: 'another long passphrase' }, withCookie(mine));
    expect(changed.status).toBe(204);
    const renewed = sessionCookieOf(changed);
    expect(renewed).not.toBe(mine);
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(other))).status).toBe(401);
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(mine))).status).toBe(401);
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(renewed))).status).toBe(200);
    expect((await signIn()).status).toBe(401);
    expect((await signIn('another long passphrase')).status).toBe(204);
  });
});

describe('recovery codes', () => {
  it('sign in once each: the second use of a code is refused with the same message', async () => {
    const cookie = await protect();
    const made = await api(app, 'POST', '/api/security/recovery-codes', undefined, withCookie(cookie));
    expect(made.status).toBe(201);
    expect(made.body.codes).toHaveLength(10);
    const code: string = made.body.codes[3];
    expect((await api(app, 'POST', '/api/session/recovery-code', { code: code.toLowerCase().replaceAll('-', ' ') })).status).toBe(204);
    const again = await api(app, 'POST', '/api/session/recovery-code', { code });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: SIGN_IN_FAILED });
    expect((await api(app, 'GET', '/api/security', undefined, withCookie(cookie))).body).toMatchObject({ passphraseSet: true, recoveryCodesLeft: 9 });
  });
});

describe('signing out and sessions', () => {
  it('ends the session and clears its cookie; the old cookie opens nothing', async () => {
    const cookie = await protect();
    const out = await api(app, 'DELETE', '/api/session', undefined, withCookie(cookie));
    expect(out.status).toBe(204);
    expect([out.headers['set-cookie']].flat().join('\n')).toMatch(/^healthassist-session=; .*Max-Age=0/m);
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(401);
  });

  it('lists the open sessions with the asking one marked, and ends all the others', async () => {
    const mine = await protect();
    const other = sessionCookieOf(await api(app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE }, { 'user-agent': 'Phone browser' }));
    const listed = await api(app, 'GET', '/api/security/sessions', undefined, withCookie(mine));
    expect(listed.body).toHaveLength(2);
    expect(listed.body.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(listed.body.map((session: { userAgent: string | null }) => session.userAgent)).toContain('Phone browser');
    expect((await api(app, 'POST', '/api/security/sessions/end-others', undefined, withCookie(mine))).body).toEqual({ ended: 1 });
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(other))).status).toBe(401);
  });

  it('ends a session unused for longer than the idle timeout', async () => {
    const shortIdle = await appWith({ ...LOOPBACK_SIGN_IN, limits: { idleMinutes: 0.05, maxDays: 7 } });
    const cookie = await protect(shortIdle);
    expect((await api(shortIdle, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect((await api(shortIdle, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(401);
  });

  it('works across two app instances on one database: signed in on one, used and ended on the other', async () => {
    const other = await appWith();
    const cookie = await protect(app);
    expect((await api(other, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(200);
    expect((await api(other, 'GET', '/api/users/1')).status).toBe(401);
    await api(other, 'DELETE', '/api/session', undefined, withCookie(cookie));
    expect((await api(app, 'GET', '/api/users/1', undefined, withCookie(cookie))).status).toBe(401);
  });
});

describe('reachable beyond loopback', () => {
  const beyond: SignInSettings = { ...LOOPBACK_SIGN_IN, beyondLoopback: true };

  it('serves nothing about the patient before the setup code, then sets the passphrase with it once', async () => {
    const exposed = await appWith(beyond);
    expect((await api(exposed, 'GET', '/api/session')).body).toEqual({ access: 'setup', patientId: null, methods: { passkey: false, passphrase: false }, credentialsChangedAt: null });
    const refused = await api(exposed, 'GET', '/api/users/1');
    expect(refused).toMatchObject({ status: 401, body: { message: SETUP_FIRST } });
    expect((await api(exposed, 'GET', '/api/health')).status).toBe(200);

    const code = await issueSetupCode(t.db);
    const before = await snapshotData(t.db);
    const wrong = await api(exposed, 'POST', '/api/session/setup', { setupCode: 'AAAAA-AAAAA', passphrase: PASSPHRASE });
    expect(wrong).toMatchObject({ status: 401, body: { message: SIGN_IN_FAILED } });
    expect((await snapshotData(t.db)).users).toEqual(before.users);

    const done = await api(exposed, 'POST', '/api/session/setup', { setupCode: code, passphrase: PASSPHRASE });
    expect(done.status).toBe(204);
    expect((await api(exposed, 'GET', '/api/users/1', undefined, withCookie(sessionCookieOf(done)))).status).toBe(200);
    expect((await api(exposed, 'POST', '/api/session/setup', { setupCode: code, passphrase: PASSPHRASE })).status).toBe(409);
    expect((await signIn(PASSPHRASE, exposed)).status).toBe(204);
  });
});

describe('personal access tokens', () => {
  it('read with a read token, are refused a change (403) and Settings → Security (403), and stop when revoked (401)', async () => {
    const cookie = await protect();
    const made = await api(app, 'POST', '/api/security/tokens', { name: 'My script', scope: 'read' }, withCookie(cookie));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'My script', scope: 'read', revokedAt: null });
    const bearer = { authorization: `Bearer ${made.body.token}` };
    expect((await api(app, 'GET', '/api/users/1', undefined, bearer)).status).toBe(200);
    expect((await api(app, 'PATCH', '/api/users/1', { displayName: 'Changed' }, bearer)).status).toBe(403);
    expect((await api(app, 'GET', '/api/security/sessions', undefined, bearer)).status).toBe(403);
    expect((await api(app, 'DELETE', `/api/security/tokens/${made.body.id}`, undefined, withCookie(cookie))).status).toBe(204);
    const revoked = await api(app, 'GET', '/api/users/1', undefined, bearer);
    expect(revoked.status).toBe(401);
    expect((await api(app, 'GET', '/api/security/tokens', undefined, withCookie(cookie))).body[0].revokedAt).not.toBeNull();
  });

  it('change with a read-write token', async () => {
    const cookie = await protect();
    const made = await api(app, 'POST', '/api/security/tokens', { name: 'n8n', scope: 'read-write' }, withCookie(cookie));
    const changed = await api(app, 'PATCH', '/api/users/1', { displayName: 'Changed By Script' }, { authorization: `Bearer ${made.body.token}` });
    expect(changed.status).toBe(200);
    expect(changed.body.displayName).toBe('Changed By Script');
  });

  it('refuse a token that is not one, even while the app is open', async () => {
    expect((await api(app, 'GET', '/api/users/1', undefined, { authorization: 'Bearer ha_pat_not-a-token' })).status).toBe(401);
  });
});
