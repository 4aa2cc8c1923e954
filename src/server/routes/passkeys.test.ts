import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listAccessEvents } from '../auth/access-log';
import { createAccessToken } from '../auth/access-tokens';
import { MAX_OPEN_SIGN_IN_CHALLENGES, MAX_OPEN_SIGN_IN_CHALLENGES_PER_CLIENT, TOO_MANY_CHALLENGES } from '../auth/passkeys';
import { hashPassphrase } from '../auth/passphrase';
import { accounts, passkeyChallenges, passkeys, users } from '../db/schema/index';
import { NOT_SIGNED_IN, TOKEN_NOT_HERE } from '../http/current-patient';
import { SIGN_IN_FAILED } from '../auth/sign-in';
import { createPasskey } from '../../testing/factories';
import { SoftwareAuthenticator } from '../../testing/software-authenticator';
import { api, expectRefused, sessionCookieOf, useTestApp } from '../../testing/test-app';
import { LAST_WAY_IN, NO_BROWSER_ORIGIN, PASSKEY_ALREADY_ADDED, PASSKEY_NOT_ADDED } from './passkeys';

// Passkeys through the routes (ADR 17), on both databases, with a software authenticator doing what the browser's
// would: adding one on the open app protects the record and signs in, signing in with one, renaming and removing.

const t = useTestApp();
// What inject() sends as Host is localhost:80, one of the names the test app answers to.
const ORIGIN = 'http://localhost';
const fromPage = { origin: ORIGIN };


/** Adds a passkey as this browser (a session's cookie, or none on the open app); answers the response. */
async function addPasskey(authenticator: SoftwareAuthenticator, name = 'Laptop', headers: Record<string, string> = {}) {
  const options = await api(t.app, 'POST', '/api/security/passkeys/options', undefined, { ...fromPage, ...headers });
  expect(options.status).toBe(200);
  return api(t.app, 'POST', '/api/security/passkeys', { name, response: authenticator.register(options.body, ORIGIN) }, { ...fromPage, ...headers });
}

async function signInWith(authenticator: SoftwareAuthenticator, origin = ORIGIN) {
  const options = await api(t.app, 'POST', '/api/session/passkey/options', undefined, fromPage);
  expect(options.status).toBe(200);
  return api(t.app, 'POST', '/api/session/passkey', { response: authenticator.authenticate(options.body, origin) }, { origin });
}

/** The open app protected by a first passkey: the cookie of the browser that added it. */
async function protectWithPasskey(authenticator = new SoftwareAuthenticator()): Promise<string> {
  const added = await addPasskey(authenticator);
  expect(added.status).toBe(201);
  return sessionCookieOf(added);
}

const kinds = async () => (await listAccessEvents(t.db, t.userId)).map(({ kind }) => kind);

describe('adding the first passkey while the app is open', () => {
  it('asks for a discoverable passkey on this page’s host, keeps it, signs this browser in and closes the app to others', async () => {
    const options = await api(t.app, 'POST', '/api/security/passkeys/options', undefined, fromPage);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: 'localhost', name: 'HealthAssist' }, authenticatorSelection: { residentKey: 'required' } });

    const authenticator = new SoftwareAuthenticator({ backedUp: true });
    const added = await api(t.app, 'POST', '/api/security/passkeys', { name: '  Phone ', response: authenticator.register(options.body, ORIGIN) }, fromPage);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Phone', backedUp: true, createdAt: expect.any(String), lastUsedAt: null });
    const cookie = sessionCookieOf(added);

    expect((await api(t.app, 'GET', '/api/session')).body).toEqual({ access: 'sign-in', patientId: null, methods: { passkey: true, passphrase: false }, credentialsChangedAt: null });
    expect((await api(t.app, 'GET', '/api/users/1')).body).toEqual({ message: NOT_SIGNED_IN });
    expect((await api(t.app, 'GET', '/api/session', undefined, { cookie })).body).toMatchObject({ access: 'signed-in', patientId: t.userId });
    expect((await api(t.app, 'GET', '/api/security', undefined, { cookie })).body.passkeys).toEqual([added.body]);
    expect(await kinds()).toEqual(['passkey_added']);
  });

  it('makes the account first on an install that has none yet, apart from the record: onboarding makes the patient (ADR 21)', async () => {
    await t.db.delete(users).where(eq(users.id, t.userId));
    await t.db.delete(accounts).where(eq(accounts.id, t.userId));
    const added = await addPasskey(new SoftwareAuthenticator());
    expect(added.status).toBe(201);
    expect(await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, 1))).toEqual([{ id: 1 }]);
    expect(await t.db.select().from(users).where(eq(users.id, 1))).toEqual([]);
    expect((await api(t.app, 'GET', '/api/setup', undefined, { cookie: sessionCookieOf(added) })).body).toEqual({ patient: 'none', onboarding: 'needed' });
  });
});

describe('adding a passkey once signed in', () => {
  it('keeps it for the signed-in account and sets no new cookie', async () => {
    const cookie = await protectWithPasskey();
    const added = await addPasskey(new SoftwareAuthenticator(), 'Work laptop', { cookie });
    expect(added.status).toBe(201);
    expect(added.headers['set-cookie']).toBeUndefined();
    expect((await t.db.select({ name: passkeys.name }).from(passkeys).orderBy(passkeys.id)).map(({ name }) => name)).toEqual(['Laptop', 'Work laptop']);
  });

  it('refuses the same passkey twice with 409, and an answer that does not verify with 400, keeping nothing', async () => {
    const authenticator = new SoftwareAuthenticator();
    const cookie = await protectWithPasskey(authenticator);
    const again = await addPasskey(authenticator, 'Again', { cookie });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: PASSKEY_ALREADY_ADDED });

    const options = await api(t.app, 'POST', '/api/security/passkeys/options', undefined, { ...fromPage, cookie });
    const forged = new SoftwareAuthenticator().register({ ...options.body, challenge: 'bm90LWdpdmVu' }, ORIGIN);
    await expectRefused(t, 'POST', '/api/security/passkeys', { name: 'Forged', response: forged }, 400, PASSKEY_NOT_ADDED, { ...fromPage, cookie });
    const elsewhere = new SoftwareAuthenticator().register(options.body, 'http://localhost:8080');
    expect((await api(t.app, 'POST', '/api/security/passkeys', { name: 'Elsewhere', response: elsewhere }, { ...fromPage, cookie })).body).toEqual({
      message: PASSKEY_NOT_ADDED,
    });
    expect(await t.db.select({ name: passkeys.name }).from(passkeys)).toEqual([{ name: 'Laptop' }]);
  });

  it('refuses a missing or too long name, and a body that is no WebAuthn answer', async () => {
    const response = new SoftwareAuthenticator().register({ challenge: 'eA', rp: {}, user: { id: 'eA' } }, ORIGIN);
    await expectRefused(t, 'POST', '/api/security/passkeys', { name: ' ', response }, 400, 'name: is required', fromPage);
    await expectRefused(t, 'POST', '/api/security/passkeys', { name: 'x'.repeat(101), response }, 400, 'name: must be at most 100 characters', fromPage);
    await expectRefused(t, 'POST', '/api/security/passkeys', { name: 'Laptop', response: { id: 'x' } }, 400, /^response\./, fromPage);
  });

  it('needs a page: without an Origin (curl, a script) there is no relying party', async () => {
    await expectRefused(t, 'POST', '/api/security/passkeys/options', undefined, 400, NO_BROWSER_ORIGIN);
    await expectRefused(t, 'POST', '/api/session/passkey/options', undefined, 400, NO_BROWSER_ORIGIN);
  });

  it('is a browser’s only: a token gets 403, and nobody signed in 401 once the record is protected', async () => {
    await protectWithPasskey();
    const { token } = await createAccessToken(t.db, t.userId, 'n8n', 'read-write');
    const bearer = { ...fromPage, authorization: `Bearer ${token}` };
    // (A token's last use is written as it is checked, so the tables do change here.)
    const byToken = await api(t.app, 'POST', '/api/security/passkeys/options', undefined, bearer);
    expect([byToken.status, byToken.body]).toEqual([403, { message: TOKEN_NOT_HERE }]);
    expect(await t.db.select().from(passkeyChallenges)).toEqual([]);
    await expectRefused(t, 'POST', '/api/security/passkeys/options', undefined, 401, NOT_SIGNED_IN, fromPage);
    await expectRefused(t, 'DELETE', '/api/security/passkeys/1', undefined, 401, NOT_SIGNED_IN, fromPage);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session for the passkey’s account and logs it', async () => {
    const authenticator = new SoftwareAuthenticator();
    await protectWithPasskey(authenticator);
    const options = await api(t.app, 'POST', '/api/session/passkey/options', undefined, fromPage);
    expect(options.body).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.body.allowCredentials).toBeUndefined();

    const signedIn = await api(t.app, 'POST', '/api/session/passkey', { response: authenticator.authenticate(options.body, ORIGIN) }, fromPage);
    expect(signedIn.status).toBe(204);
    const cookie = sessionCookieOf(signedIn);
    expect((await api(t.app, 'GET', '/api/session', undefined, { cookie })).body).toMatchObject({ access: 'signed-in', patientId: t.userId });
    expect((await t.db.select({ lastUsedAt: passkeys.lastUsedAt }).from(passkeys))[0]!.lastUsedAt).not.toBeNull();
    expect((await kinds())[0]).toBe('signed_in');
  });

  it('answers anything wrong with the one message, logs the failure and sets no cookie', async () => {
    const authenticator = new SoftwareAuthenticator();
    await protectWithPasskey(authenticator);
    const failures = [
      await signInWith(new SoftwareAuthenticator()),
      await signInWith(authenticator, 'http://127.0.0.1'),
      await api(t.app, 'POST', '/api/session/passkey', { response: { id: 'x', rawId: 'x', type: 'public-key' } }, fromPage),
    ];
    // Without an Origin: no relying party to check against.
    const options = await api(t.app, 'POST', '/api/session/passkey/options', undefined, fromPage);
    failures.push(await api(t.app, 'POST', '/api/session/passkey', { response: authenticator.authenticate(options.body, ORIGIN) }));
    for (const failure of failures) {
      expect(failure.status).toBe(401);
      expect(failure.body).toEqual({ message: SIGN_IN_FAILED });
      expect(failure.headers['set-cookie']).toBeUndefined();
    }
    expect((await kinds()).filter((kind) => kind === 'sign_in_failed')).toHaveLength(4);
  });

  it('counts failures with the passphrase’s limit on guessing: the sixth in a row waits', async () => {
    await protectWithPasskey();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signInWith(new SoftwareAuthenticator())).status).toBe(401);
    const waited = await signInWith(new SoftwareAuthenticator());
    expect(waited.status).toBe(429);
    expect(waited.headers['retry-after']).toBe('1');
  });

  it('refuses a replayed answer and a cloned authenticator whose counter went back', async () => {
    const authenticator = new SoftwareAuthenticator();
    await protectWithPasskey(authenticator);
    const options = await api(t.app, 'POST', '/api/session/passkey/options', undefined, fromPage);
    const answer = authenticator.authenticate(options.body, ORIGIN);
    expect((await api(t.app, 'POST', '/api/session/passkey', { response: answer }, fromPage)).status).toBe(204);
    expect((await api(t.app, 'POST', '/api/session/passkey', { response: answer }, fromPage)).status).toBe(401);
    authenticator.counter = 0;
    expect((await signInWith(authenticator)).status).toBe(401);
  });
});

describe('renaming and removing passkeys', () => {
  it('renames the account’s own passkey, and no other', async () => {
    const cookie = await protectWithPasskey();
    const [own] = await t.db.select().from(passkeys);
    const renamed = await api(t.app, 'PATCH', `/api/security/passkeys/${own!.id}`, { name: 'Old laptop' }, { ...fromPage, cookie });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: own!.id, name: 'Old laptop' });
    const theirs = await createPasskey(t.db, t.otherUserId);
    await expectRefused(t, 'PATCH', `/api/security/passkeys/${theirs.id}`, { name: 'Mine' }, 404, 'Passkey not found', { ...fromPage, cookie });
    await expectRefused(t, 'PATCH', `/api/security/passkeys/${own!.id}`, { name: '' }, 400, 'name: is required', { ...fromPage, cookie });
  });

  it('never removes the last way in; removes one when another passkey or a passphrase is left, and logs it', async () => {
    const cookie = await protectWithPasskey();
    const [first] = await t.db.select().from(passkeys);
    await expectRefused(t, 'DELETE', `/api/security/passkeys/${first!.id}`, undefined, 409, LAST_WAY_IN, { ...fromPage, cookie });

    expect((await addPasskey(new SoftwareAuthenticator(), 'Phone', { cookie })).status).toBe(201);
    expect((await api(t.app, 'DELETE', `/api/security/passkeys/${first!.id}`, undefined, { ...fromPage, cookie })).status).toBe(204);
    const [phone] = await t.db.select().from(passkeys);
    await expectRefused(t, 'DELETE', `/api/security/passkeys/${phone!.id}`, undefined, 409, LAST_WAY_IN, { ...fromPage, cookie });

    await t.db.update(accounts).set({ passwordHash: await hashPassphrase('correct horse battery staple') }).where(eq(accounts.id, t.userId));
    expect((await api(t.app, 'DELETE', `/api/security/passkeys/${phone!.id}`, undefined, { ...fromPage, cookie })).status).toBe(204);
    expect(await t.db.select().from(passkeys)).toEqual([]);
    expect((await kinds()).filter((kind) => kind === 'passkey_removed')).toHaveLength(2);
  });

  it('answers 404 for another account’s passkey and one that does not exist', async () => {
    const cookie = await protectWithPasskey();
    const theirs = await createPasskey(t.db, t.otherUserId);
    await expectRefused(t, 'DELETE', `/api/security/passkeys/${theirs.id}`, undefined, 404, 'Passkey not found', { ...fromPage, cookie });
    await expectRefused(t, 'DELETE', '/api/security/passkeys/2147483647', undefined, 404, 'Passkey not found', { ...fromPage, cookie });
  });
});

describe('challenges', () => {
  it('are kept only as long as a ceremony lasts: spent by the answer', async () => {
    await protectWithPasskey();
    expect(await t.db.select().from(passkeyChallenges)).toEqual([]);
  });

  it(`are kept for at most ${MAX_OPEN_SIGN_IN_CHALLENGES} sign-ins at once: a flood of requests for options is a 429, not a growing table`, async () => {
    await t.db.insert(passkeyChallenges).values(
      Array.from({ length: MAX_OPEN_SIGN_IN_CHALLENGES }, (_, index) => ({
        challenge: `flood-${index}`,
        purpose: 'sign-in' as const,
        expiresAt: new Date(Date.now() + 60_000),
      })),
    );
    await expectRefused(t, 'POST', '/api/session/passkey/options', undefined, 429, TOO_MANY_CHALLENGES, fromPage);
    // Registration is the signed-in patient's, and not held back by strangers.
    expect((await api(t.app, 'POST', '/api/security/passkeys/options', undefined, fromPage)).status).toBe(200);
  });

  it(`are kept for at most ${MAX_OPEN_SIGN_IN_CHALLENGES_PER_CLIENT} sign-ins of one client at once: one client cannot take everyone's (an IPv6 /64 is one client)`, async () => {
    const options = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/session/passkey/options', headers: fromPage, remoteAddress });
    for (let index = 0; index < MAX_OPEN_SIGN_IN_CHALLENGES_PER_CLIENT; index++) {
      expect((await options(`2001:db8:1:2::${index + 1}`)).statusCode).toBe(200);
    }
    const refused = await options('2001:db8:1:2::ff');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_CHALLENGES });
    expect((await options('2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await options('203.0.113.9')).statusCode).toBe(200);
  });
});
