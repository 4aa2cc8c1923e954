import type { FastifyInstance, InjectOptions } from 'fastify';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { buildApp } from '../app';
import { listAccessEvents } from '../auth/access-log';
import { clientKey } from '../auth/client-key';
import { hashPassphrase } from '../auth/passphrase';
import { accounts, signInAttempts, signInDevices } from '../db/schema/index';
import { PLAIN_DEVICE_COOKIE, SECURE_DEVICE_COOKIE } from '../http/device-cookie';
import { PLAIN_COOKIE_NAME } from '../http/session-cookie';

// Issue 29, finding 3: nobody locks the owner out. A browser that signed in before carries a device cookie and is
// counted on its own; IPv6 clients are counted by their /64; a success forgives only its own client; behind a proxy,
// TRUST_PROXY gives every client its own address, in the count and in the access log.

const t = useTestApp();
const PASSPHRASE = 'correct horse battery staple';
let proxied: FastifyInstance;
beforeAll(async () => {
  proxied = await buildApp({ database: t.database, trustProxy: 1 });
});
afterAll(async () => {
  await proxied.close();
});

type Client = { remoteAddress?: string; headers?: Record<string, string> };

function signIn(passphrase: string, client: Client = {}, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/session/passphrase', payload: { passphrase }, ...client } as InjectOptions);
}

/** `name=value` of the cookie an answer set. */
function cookieOf(response: { headers: Record<string, unknown> }, name: string): string {
  const line = [response.headers['set-cookie']].flat().find((value) => typeof value === 'string' && value.startsWith(`${name}=`)) as string | undefined;
  expect(line, `${name} set`).toBeDefined();
  return line!.split(';')[0]!;
}

/**
 * Ten wrong guesses of a client without a device cookie, counted as the limit counts them, all just now: the next wait
 * is 32 s. Written here rather than guessed over HTTP so that no test depends on this machine's speed: a wrong guess
 * checked slower than the 1 s wait after the fifth (a busy machine hashing) would let the sixth through.
 */
async function strangerGuessed(address = '127.0.0.1') {
  const at = new Date();
  await t.db.insert(signInAttempts).values(Array.from({ length: 10 }, () => ({ clientAddress: clientKey(address), at })));
}

/** The addresses the wrong guesses of clients without a device cookie were counted under. */
async function countedAddresses() {
  return (await t.db.select({ clientAddress: signInAttempts.clientAddress }).from(signInAttempts).where(isNull(signInAttempts.deviceHash))).map(
    (row) => row.clientAddress,
  );
}

async function protect() {
  await t.db.update(accounts).set({ passwordHash: await hashPassphrase(PASSPHRASE) });
}

/** The owner's browser: signed in once, so it carries its device cookie; then signed out (the session cookie dropped). */
async function ownersDevice(client: Client = {}): Promise<Client> {
  const signedIn = await signIn(PASSPHRASE, client);
  expect(signedIn.statusCode).toBe(204);
  return { ...client, headers: { ...client.headers, cookie: cookieOf(signedIn, PLAIN_DEVICE_COOKIE) } };
}

describe('the limit on guessing', () => {
  it('never holds back the owner’s device for a stranger’s wrong guesses from the same address (the proxy’s 127.0.0.1)', async () => {
    await protect();
    const owner = await ownersDevice();
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('a wrong guess, again')).statusCode).toBe(401);
    expect(await countedAddresses()).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    await strangerGuessed();
    expect((await signIn('a wrong guess, again')).statusCode).toBe(429);
    expect((await signIn(PASSPHRASE, owner)).statusCode).toBe(204);
  });

  it('lets the owner’s device in while the overall count keeps everyone else waiting', async () => {
    await protect();
    const owner = await ownersDevice();
    const now = new Date();
    // Sixty failures from twelve addresses in the last minute: every client without a device cookie waits.
    await t.db.insert(signInAttempts).values(Array.from({ length: 60 }, (_, index) => ({ clientAddress: `198.51.100.${index % 12}`, at: now })));
    expect((await signIn(PASSPHRASE, { remoteAddress: '203.0.113.50' })).statusCode).toBe(429);
    expect((await signIn(PASSPHRASE, owner)).statusCode).toBe(204);
  });

  it('counts an IPv6 /64 as one client', async () => {
    await protect();
    for (let index = 1; index <= 5; index++) expect((await signIn('a wrong guess', { remoteAddress: `2001:db8:1:2::${index}` })).statusCode).toBe(401);
    expect(new Set(await countedAddresses())).toEqual(new Set([clientKey('2001:db8:1:2::99')]));
    await strangerGuessed('2001:db8:1:2::1');
    expect((await signIn(PASSPHRASE, { remoteAddress: '2001:db8:1:2::99' })).statusCode).toBe(429);
    expect((await signIn(PASSPHRASE, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(204);
  });

  it('forgives only the client that succeeded: a stranger at the same address keeps their count', async () => {
    await protect();
    const owner = await ownersDevice();
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('a wrong guess')).statusCode).toBe(401);
    expect((await signIn(PASSPHRASE, owner)).statusCode).toBe(204);
    expect(await t.db.select().from(signInAttempts).where(isNull(signInAttempts.deviceHash))).toHaveLength(3);
  });

  it('ignores a device cookie this install never gave: such a browser is counted as a stranger', async () => {
    await protect();
    await strangerGuessed();
    expect((await signIn(PASSPHRASE, { headers: { cookie: `${PLAIN_DEVICE_COOKIE}=made-up-by-the-guesser` } })).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  const behindProxy = (address: string): Client => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': address } });

  it('gives each client behind the proxy its own address: in the count and in the access log', async () => {
    await protect();
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('a wrong guess', behindProxy('198.51.100.7'), proxied)).statusCode).toBe(401);
    expect(await countedAddresses()).toEqual(['198.51.100.7', '198.51.100.7', '198.51.100.7']);
    await strangerGuessed('198.51.100.7');
    expect((await signIn(PASSPHRASE, behindProxy('198.51.100.7'), proxied)).statusCode).toBe(429);
    expect((await signIn(PASSPHRASE, behindProxy('198.51.100.8'), proxied)).statusCode).toBe(204);
    const addresses = (await listAccessEvents(t.db, t.userId)).map(({ clientAddress }) => clientAddress);
    expect(new Set(addresses)).toEqual(new Set(['198.51.100.7', '198.51.100.8']));
  });

  it('is off by default: the connecting address is the client, whatever X-Forwarded-For says', async () => {
    await protect();
    expect((await signIn(PASSPHRASE, behindProxy('198.51.100.9'))).statusCode).toBe(204);
    expect((await listAccessEvents(t.db, t.userId)).map(({ clientAddress }) => clientAddress)).toEqual(['127.0.0.1']);
  });
});

describe('a way in changed from another device', () => {
  it('is told to the other device once, at its next sign-in, and not to the one that changed it', async () => {
    await protect();
    const laptop = await ownersDevice();
    const phone = await ownersDevice({ remoteAddress: '192.0.2.20' });
    const laptopSession = await signIn(PASSPHRASE, laptop);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/security/passphrase',
      payload: { passphrase: 'a new passphrase of mine' },
      headers: { cookie: `${laptop.headers!.cookie}; ${cookieOf(laptopSession, PLAIN_COOKIE_NAME)}` },
    });
    expect(changed.statusCode).toBe(204);

    const state = async (client: Client) => {
      const signedIn = await signIn('a new passphrase of mine', client);
      expect(signedIn.statusCode).toBe(204);
      const cookie = `${client.headers!.cookie}; ${cookieOf(signedIn, PLAIN_COOKIE_NAME)}`;
      return (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json();
    };
    expect((await state(phone)).credentialsChangedAt).toEqual(expect.any(String));
    expect((await state(phone)).credentialsChangedAt).toBeNull();
    expect((await state(laptop)).credentialsChangedAt).toBeNull();
  });
});

describe('the device cookie', () => {
  it('is HttpOnly and SameSite=Strict for a year, and from an https page Secure with the __Host- prefix', async () => {
    await protect();
    const plain = [(await signIn(PASSPHRASE)).headers['set-cookie']].flat().join('\n');
    expect(plain).toMatch(/^healthassist-device=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000$/m);
    const https = await signIn(PASSPHRASE, { headers: { origin: 'https://localhost:80' } });
    expect([https.headers['set-cookie']].flat().join('\n')).toMatch(/^__Host-healthassist-device=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000; Secure$/m);
    expect(cookieOf(https, SECURE_DEVICE_COOKIE)).toBeTruthy();
  });

  it('is given again at every sign-in, so that its year counts from the latest; a device of no sign-in for a year is forgotten', async () => {
    await protect();
    const owner = await ownersDevice();
    expect(cookieOf(await signIn(PASSPHRASE, owner), PLAIN_DEVICE_COOKIE)).toBe(owner.headers!.cookie);
    await t.db.update(signInDevices).set({ lastSignInAt: new Date(Date.now() - 366 * 86_400_000) });
    // Any sign-in forgets it: its cookie has expired in the browser anyway.
    expect((await signIn(PASSPHRASE, { remoteAddress: '192.0.2.30' })).statusCode).toBe(204);
    expect(cookieOf(await signIn(PASSPHRASE, owner), PLAIN_DEVICE_COOKIE)).not.toBe(owner.headers!.cookie);
  });
});
