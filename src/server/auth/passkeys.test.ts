import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../../testing/software-authenticator';
import { useTestDatabase } from '../../testing/test-app';
import { accounts, passkeyChallenges, passkeys } from '../db/schema/index';
import {
  authenticationOptions,
  CHALLENGE_LIFETIME_MS,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  userHandleOf,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
} from './passkeys';

const t = useTestDatabase();
const ORIGIN = 'http://localhost:3000';
const rp: RelyingParty = relyingPartyOf(ORIGIN)!;
const now = new Date('2026-11-26T09:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

/** A passkey made for `userId` through the whole ceremony, and the authenticator that holds it. */
async function addPasskey(userId: number, name = 'Laptop', authenticator = new SoftwareAuthenticator()) {
  const options = await registrationOptions(t.db, userId, rp, now);
  const result = await verifyRegistration(t.db, userId, rp, name, authenticator.register(options, ORIGIN) as never, now);
  if (!result.ok) throw new Error(`registration refused: ${result.reason}`);
  return { authenticator, passkey: result.passkey };
}

async function signIn(authenticator: SoftwareAuthenticator, at = later(60_000), origin = ORIGIN) {
  const options = await authenticationOptions(t.db, rp, at);
  return verifyAuthentication(t.db, rp, authenticator.authenticate(options, origin) as never, at);
}

describe('the relying party', () => {
  it('is the page’s origin and its host name', () => {
    expect(relyingPartyOf('https://health.example.com')).toEqual({ origin: 'https://health.example.com', rpID: 'health.example.com' });
    expect(relyingPartyOf('http://localhost:5173')).toEqual({ origin: 'http://localhost:5173', rpID: 'localhost' });
  });

  it('is nobody without an origin, or with one that is not a web page’s', () => {
    for (const origin of [undefined, '', 'null', 'file:///tmp', 'http://localhost:3000/path', 'not a url']) expect(relyingPartyOf(origin)).toBeNull();
  });
});

describe('adding a passkey', () => {
  it('asks for a discoverable passkey for the account, keeps the challenge five minutes, and stores the public key', async () => {
    const options = await registrationOptions(t.db, t.userId, rp, now);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'HealthAssist' },
      user: { id: userHandleOf(t.userId), name: 'alex@example.com', displayName: 'Alex Morgan' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    expect(await t.db.select().from(passkeyChallenges)).toEqual([
      { challenge: options.challenge, purpose: 'register', clientAddress: '', userId: t.userId, expiresAt: later(CHALLENGE_LIFETIME_MS) },
    ]);

    const authenticator = new SoftwareAuthenticator({ backedUp: true });
    const result = await verifyRegistration(t.db, t.userId, rp, 'Phone', authenticator.register(options, ORIGIN) as never, now);
    expect(result).toEqual({ ok: true, passkey: { id: expect.any(Number), name: 'Phone', backedUp: true, createdAt: now, lastUsedAt: null } });
    const [stored] = await t.db.select().from(passkeys);
    expect(stored).toMatchObject({ userId: t.userId, credentialId: authenticator.credentialId, counter: 0, transports: 'internal', backedUp: true });
    expect(stored!.publicKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await t.db.select().from(passkeyChallenges)).toEqual([]);
  });

  it('refuses a passkey made without verifying the user (a security key touched, its PIN never asked)', async () => {
    const options = await registrationOptions(t.db, t.userId, rp, now);
    const authenticator = new SoftwareAuthenticator({ userVerified: false });
    expect(await verifyRegistration(t.db, t.userId, rp, 'Key', authenticator.register(options, ORIGIN) as never, now)).toEqual({ ok: false, reason: 'not-verified' });
    expect(await t.db.select().from(passkeys)).toEqual([]);
  });

  it('lists the account’s passkeys so the browser does not make a second one on the same authenticator', async () => {
    const { authenticator } = await addPasskey(t.userId);
    const options = await registrationOptions(t.db, t.userId, rp, now);
    expect(options.excludeCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal'] }]);
    expect((await registrationOptions(t.db, t.otherUserId, rp, now)).excludeCredentials).toEqual([]);
  });

  it('spends the challenge once: the same answer again is refused', async () => {
    const options = await registrationOptions(t.db, t.userId, rp, now);
    const answer = new SoftwareAuthenticator().register(options, ORIGIN) as never;
    expect((await verifyRegistration(t.db, t.userId, rp, 'Laptop', answer, now)).ok).toBe(true);
    expect(await verifyRegistration(t.db, t.userId, rp, 'Laptop', answer, now)).toEqual({ ok: false, reason: 'not-verified' });
  });

  it('of two answers to one challenge at once, keeps one', async () => {
    const options = await registrationOptions(t.db, t.userId, rp, now);
    const answers = [new SoftwareAuthenticator(), new SoftwareAuthenticator()].map((key) => key.register(options, ORIGIN) as never);
    const results = await Promise.all(answers.map((answer) => verifyRegistration(t.db, t.userId, rp, 'Laptop', answer, now)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await t.db.select().from(passkeys)).toHaveLength(1);
  });

  it('refuses a challenge older than five minutes, another account’s, or one made for signing in', async () => {
    const old = await registrationOptions(t.db, t.userId, rp, now);
    expect(await verifyRegistration(t.db, t.userId, rp, 'x', new SoftwareAuthenticator().register(old, ORIGIN) as never, later(CHALLENGE_LIFETIME_MS + 1))).toEqual({
      ok: false,
      reason: 'not-verified',
    });
    const theirs = await registrationOptions(t.db, t.otherUserId, rp, now);
    expect((await verifyRegistration(t.db, t.userId, rp, 'x', new SoftwareAuthenticator().register(theirs, ORIGIN) as never, now)).ok).toBe(false);
    const signInChallenge = await authenticationOptions(t.db, rp, now);
    const forged = new SoftwareAuthenticator().register({ ...old, challenge: signInChallenge.challenge }, ORIGIN) as never;
    expect((await verifyRegistration(t.db, t.userId, rp, 'x', forged, now)).ok).toBe(false);
    expect(await t.db.select().from(passkeys)).toEqual([]);
  });

  it('refuses an answer made on another origin or for another relying party', async () => {
    const options = await registrationOptions(t.db, t.userId, rp, now);
    const elsewhere = new SoftwareAuthenticator().register(options, 'http://evil.example') as never;
    expect((await verifyRegistration(t.db, t.userId, rp, 'x', elsewhere, now)).ok).toBe(false);
    const options2 = await registrationOptions(t.db, t.userId, rp, now);
    const otherRp = new SoftwareAuthenticator().register({ ...options2, rp: { id: 'example.com' } }, ORIGIN) as never;
    expect((await verifyRegistration(t.db, t.userId, rp, 'x', otherRp, now)).ok).toBe(false);
  });

  it('refuses answers that are not WebAuthn at all', async () => {
    for (const response of [{}, { id: 'x', rawId: 'x', type: 'public-key' }, { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'bm9wZQ' } }]) {
      expect(await verifyRegistration(t.db, t.userId, rp, 'x', response as never, now)).toEqual({ ok: false, reason: 'not-verified' });
    }
  });

  it('says so when the same passkey is added twice', async () => {
    const { authenticator } = await addPasskey(t.userId);
    const options = await registrationOptions(t.db, t.userId, rp, now);
    expect(await verifyRegistration(t.db, t.userId, rp, 'Again', authenticator.register(options, ORIGIN) as never, now)).toEqual({ ok: false, reason: 'already-added' });
  });

  it('prunes challenges nobody answered as new ones come', async () => {
    await registrationOptions(t.db, t.userId, rp, now);
    await authenticationOptions(t.db, rp, later(CHALLENGE_LIFETIME_MS + 1));
    expect(await t.db.select({ purpose: passkeyChallenges.purpose }).from(passkeyChallenges)).toEqual([{ purpose: 'sign-in' }]);
  });
});

describe('signing in with a passkey', () => {
  it('names no credential in the options, and names the passkey’s account after the signature checks', async () => {
    const { authenticator, passkey } = await addPasskey(t.userId);
    const options = await authenticationOptions(t.db, rp, now);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials).toBeUndefined();
    expect(await t.db.select({ purpose: passkeyChallenges.purpose, userId: passkeyChallenges.userId }).from(passkeyChallenges)).toEqual([
      { purpose: 'sign-in', userId: null },
    ]);

    expect(await verifyAuthentication(t.db, rp, authenticator.authenticate(options, ORIGIN) as never, later(1000))).toEqual({ userId: t.userId, patientId: t.userId });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: later(1000) });
  });

  it('spends the challenge once: a replayed answer is refused', async () => {
    const { authenticator } = await addPasskey(t.userId);
    const options = await authenticationOptions(t.db, rp, now);
    const answer = authenticator.authenticate(options, ORIGIN) as never;
    expect(await verifyAuthentication(t.db, rp, answer, now)).not.toBeNull();
    expect(await verifyAuthentication(t.db, rp, answer, now)).toBeNull();
  });

  it('refuses a counter that went back: a cloned authenticator', async () => {
    const { authenticator } = await addPasskey(t.userId);
    expect(await signIn(authenticator)).not.toBeNull();
    expect(await signIn(authenticator)).not.toBeNull();
    authenticator.counter = 0;
    expect(await signIn(authenticator)).toBeNull();
    expect((await t.db.select({ counter: passkeys.counter }).from(passkeys))[0]!.counter).toBe(2);
  });

  it('refuses an unknown passkey, a removed one, an old challenge, another origin and a bad signature', async () => {
    expect(await signIn(new SoftwareAuthenticator())).toBeNull();
    const { authenticator } = await addPasskey(t.userId);
    await addPasskey(t.userId, 'Other');

    const old = await authenticationOptions(t.db, rp, now);
    expect(await verifyAuthentication(t.db, rp, authenticator.authenticate(old, ORIGIN) as never, later(CHALLENGE_LIFETIME_MS + 1))).toBeNull();
    expect(await signIn(authenticator, later(1), 'http://evil.example')).toBeNull();

    const options = await authenticationOptions(t.db, rp, now);
    const answer = authenticator.authenticate(options, ORIGIN);
    const signature = Buffer.from(answer.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 1;
    expect(await verifyAuthentication(t.db, rp, { ...answer, response: { ...answer.response, signature: signature.toString('base64url') } } as never, now)).toBeNull();

    const registration = await registrationOptions(t.db, t.userId, rp, now);
    const forged = authenticator.authenticate(registration, ORIGIN) as never;
    expect(await verifyAuthentication(t.db, rp, forged, now)).toBeNull();

    await t.db.delete(passkeys).where(eq(passkeys.credentialId, authenticator.credentialId));
    expect(await signIn(authenticator)).toBeNull();
  });

  it('refuses an answer without user verification, and leaves the counter where it was', async () => {
    const { authenticator } = await addPasskey(t.userId);
    authenticator.userVerified = false;
    expect(await signIn(authenticator)).toBeNull();
    expect((await t.db.select({ counter: passkeys.counter }).from(passkeys))[0]!.counter).toBe(0);
    authenticator.userVerified = true;
    expect(await signIn(authenticator)).toEqual({ userId: t.userId, patientId: t.userId });
  });

  it('refuses a passkey whose user handle names another account', async () => {
    const { authenticator } = await addPasskey(t.userId);
    const options = await authenticationOptions(t.db, rp, now);
    const answer = authenticator.authenticate(options, ORIGIN);
    expect(await verifyAuthentication(t.db, rp, { ...answer, response: { ...answer.response, userHandle: userHandleOf(t.otherUserId) } } as never, now)).toBeNull();
  });
});

describe('the passkeys of an account', () => {
  it('are listed oldest first, renamed and removed by their account only', async () => {
    const { passkey: laptop } = await addPasskey(t.userId, 'Laptop');
    const { passkey: phone } = await addPasskey(t.userId, 'Phone');
    const { passkey: theirs } = await addPasskey(t.otherUserId, 'Theirs');
    expect((await listPasskeys(t.db, t.userId)).map(({ name }) => name)).toEqual(['Laptop', 'Phone']);

    expect(await renamePasskey(t.db, t.userId, phone.id, 'Work phone')).toMatchObject({ id: phone.id, name: 'Work phone' });
    expect(await renamePasskey(t.db, t.userId, theirs.id, 'Mine now')).toBeNull();
    expect(await removePasskey(t.db, t.userId, theirs.id)).toBe('not-found');
    expect(await removePasskey(t.db, t.userId, 2_147_483_647)).toBe('not-found');

    expect(await removePasskey(t.db, t.userId, laptop.id)).toBe('removed');
    expect((await listPasskeys(t.db, t.userId)).map(({ name }) => name)).toEqual(['Work phone']);
    expect((await listPasskeys(t.db, t.otherUserId)).map(({ name }) => name)).toEqual(['Theirs']);
  });

  it('keep the last way in: the only passkey of an account without a passphrase stays', async () => {
    const { passkey } = await addPasskey(t.userId);
    expect(await removePasskey(t.db, t.userId, passkey.id)).toBe('last-way-in');
    await t.db.update(accounts).set({ passwordHash: '$scrypt$ln=16,r=8,p=2$c2FsdA$aGFzaA' }).where(eq(accounts.id, t.userId));
    expect(await removePasskey(t.db, t.userId, passkey.id)).toBe('removed');
  });

  it('of passkeys all removed at once, keep one', async () => {
    const added = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) added.push((await addPasskey(t.userId, name)).passkey);
    const results = await Promise.all(added.map(({ id }) => removePasskey(t.db, t.userId, id)));
    expect(results.filter((result) => result === 'removed')).toHaveLength(5);
    expect(await listPasskeys(t.db, t.userId)).toHaveLength(1);
  });
});
