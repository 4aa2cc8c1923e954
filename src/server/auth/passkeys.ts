import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, count, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from '../core/errors';
import { accounts, passkeyChallenges, passkeys, users } from '../db/schema/index';
import type { Who } from './sessions';

// Passkeys (WebAuthn, ADR 17), with @simplewebauthn/server. The relying party is the origin the browser is on (the
// request-origin guard has already checked it against the hosts this server answers to), so a passkey made on
// http://localhost:3000 works there and one made behind a reverse proxy on https://health.example.com works there.
// Each ceremony's challenge is kept in the database for five minutes and spent once, by one conditional delete.

export const RELYING_PARTY_NAME = 'HealthAssist';
/** What a passkey is called for an account whose patient has no name yet. */
const UNNAMED_PATIENT = 'Patient';
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

type Purpose = 'register' | 'sign-in';

/** Where the ceremony happens: the page's origin and its host name, which is the relying party id. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

/** The relying party of a page at `origin` (the request's Origin header), or null when there is none to trust. */
export function relyingPartyOf(origin: string | undefined): RelyingParty | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return null;
    return { origin, rpID: url.hostname };
  } catch {
    return null;
  }
}

/**
 * @simplewebauthn/server and its helpers load with the first passkey request, not with the server: with the X.509 and
 * ASN.1 parsers they bring, they were about 40 ms of every start (ADR 20), and most starts see no passkey at all.
 */
async function webauthn() {
  const [server, helpers] = await Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]);
  return { ...server, ...helpers };
}

/** The WebAuthn user handle of an account (base64url, as the browser sends it back): the same for each of its passkeys. */
export function userHandleOf(userId: number): string {
  return Buffer.from(`healthassist:${userId}`, 'utf8').toString('base64url');
}

/** A passkey as Settings lists it. */
export type PasskeyRow = {
  id: number;
  name: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
};
const summary = { id: passkeys.id, name: passkeys.name, backedUp: passkeys.backedUp, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt };

/**
 * Sign-in challenges open at once, at most: anyone may ask for one, and each is a row for five minutes, so a flood of
 * requests must not grow the table without end. No household signs in 200 times in five minutes; past it, a 429 (the
 * passphrase still works).
 */
export const MAX_OPEN_SIGN_IN_CHALLENGES = 200;
/**
 * …and per client (its address, an IPv6 one by its /64: auth/client-key.ts), so that one client cannot take all 200
 * and keep everyone's passkeys out for five minutes (issue 29); the overall cap stays as the backstop.
 */
export const MAX_OPEN_SIGN_IN_CHALLENGES_PER_CLIENT = 10;
export const TOO_MANY_CHALLENGES = 'Too many passkey sign-ins are under way: try again in a few minutes';

async function keepChallenge(db: Database, challenge: string, purpose: Purpose, userId: number | null, now: Date, client = ''): Promise<void> {
  // Challenges nobody answered are pruned as new ones come: the table holds five minutes' worth at most.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  if (purpose === 'sign-in') {
    const signIns = eq(passkeyChallenges.purpose, 'sign-in');
    const [mine] = await db.select({ count: count() }).from(passkeyChallenges).where(and(signIns, eq(passkeyChallenges.clientAddress, client)));
    if ((mine?.count ?? 0) >= MAX_OPEN_SIGN_IN_CHALLENGES_PER_CLIENT) throw tooManyRequests(TOO_MANY_CHALLENGES);
    const [open] = await db.select({ count: count() }).from(passkeyChallenges).where(signIns);
    if ((open?.count ?? 0) >= MAX_OPEN_SIGN_IN_CHALLENGES) throw tooManyRequests(TOO_MANY_CHALLENGES);
  }
  await db.insert(passkeyChallenges).values({ challenge, purpose, userId, clientAddress: client, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) });
}

/**
 * Spends the challenge the browser's answer signed: true when it was one this server gave for `purpose` (and, for a
 * registration, this account) less than five minutes ago. One delete: of two answers with one challenge, one wins.
 */
async function spendChallenge(db: Database, clientDataJSON: unknown, purpose: Purpose, userId: number | null, now: Date): Promise<string | null> {
  const { decodeClientDataJSON } = await webauthn();
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(String(clientDataJSON)).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512) return null;
  const spent = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return spent.length === 1 ? challenge : null;
}

/** What navigator.credentials.create() needs to make a discoverable passkey for the account (which must exist). */
export async function registrationOptions(db: Database, userId: number, rp: RelyingParty, now = new Date()): Promise<PublicKeyCredentialCreationOptionsJSON> {
  // The account's patient names the passkey in a password manager; one set up before onboarding has no patient yet.
  const [account] = await db
    .select({ displayName: users.displayName, email: users.email })
    .from(accounts)
    .leftJoin(users, eq(users.id, accounts.id))
    .where(eq(accounts.id, userId));
  if (!account) throw new Error(`No account ${userId} to make a passkey for`);
  const existing = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const { generateRegistrationOptions, isoBase64URL } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RELYING_PARTY_NAME,
    rpID: rp.rpID,
    // What a password manager shows beside the passkey.
    userName: account.email || account.displayName || UNNAMED_PATIENT,
    userDisplayName: account.displayName ?? UNNAMED_PATIENT,
    userID: isoBase64URL.toBuffer(userHandleOf(userId)),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    // The same authenticator twice would be two rows for one key: the browser says it is there already.
    excludeCredentials: existing.map(({ credentialId, transports }) => ({ id: credentialId, ...(transports ? { transports: transports.split(',') } : {}) })),
    // Discoverable: signing in names no account, the passkey does. The user verified (a fingerprint, a face, a PIN):
    // a passkey is a whole way in, so a stolen security key touched by anyone must not be one (ASVS 6.5).
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', userId, now);
  return options;
}

export type RegistrationResult = { ok: true; passkey: PasskeyRow } | { ok: false; reason: 'not-verified' | 'already-added' };

/** Checks the browser's answer to registrationOptions() and keeps the new passkey under `name`. */
export async function verifyRegistration(
  db: Database,
  userId: number,
  rp: RelyingParty,
  name: string,
  response: RegistrationResponseJSON,
  now = new Date(),
): Promise<RegistrationResult> {
  const challenge = await spendChallenge(db, response.response?.clientDataJSON, 'register', userId, now);
  if (challenge === null) return { ok: false, reason: 'not-verified' };
  const { verifyRegistrationResponse, isoBase64URL } = await webauthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      // 'required', as asked: an answer without the UV flag proves only that someone touched the key.
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: 'not-verified' };
  }
  if (!verified.verified) return { ok: false, reason: 'not-verified' };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.length ? credential.transports.join(',') : null,
      backedUp: credentialBackedUp,
      name,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning(summary);
  return row ? { ok: true, passkey: row } : { ok: false, reason: 'already-added' };
}

/** What navigator.credentials.get() needs: no credential listed, so the browser offers the passkeys it holds. */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  now = new Date(),
  client = '',
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  // The user verified, as when the passkey was made (registrationOptions).
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: CHALLENGE_LIFETIME_MS });
  await keepChallenge(db, options.challenge, 'sign-in', null, now, client);
  return options;
}

/**
 * Checks the browser's answer to authenticationOptions(): the account its passkey belongs to, or null for anything
 * wrong (an unknown passkey, a spent or old challenge, another origin, a bad signature, a counter that went back).
 */
export async function verifyAuthentication(db: Database, rp: RelyingParty, response: AuthenticationResponseJSON, now = new Date()): Promise<Who | null> {
  const challenge = await spendChallenge(db, response.response?.clientDataJSON, 'sign-in', null, now);
  if (challenge === null) return null;
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!passkey) return null;
  // A discoverable passkey names its account: it must be the one the passkey was made for.
  if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(passkey.userId)) return null;
  const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        ...(passkey.transports ? { transports: passkey.transports.split(',') } : {}),
      },
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  // Written only over the counter it was checked against: of two sign-ins racing with one counter, one is refused.
  const updated = await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, backedUp: verified.authenticationInfo.credentialBackedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (updated.length === 0) return null;
  return { userId: passkey.userId, patientId: passkey.userId };
}

/** The account's passkeys, oldest first. */
export function listPasskeys(db: Database, userId: number): Promise<PasskeyRow[]> {
  return db.select(summary).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt, passkeys.id);
}

/** Renames one of the account's passkeys: the row, or null when the account has no such passkey. */
export async function renamePasskey(db: Database, userId: number, id: number, name: string): Promise<PasskeyRow | null> {
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning(summary);
  return row ?? null;
}

export type RemovalResult = 'removed' | 'not-found' | 'last-way-in';

/**
 * Removes one of the account's passkeys, unless it is the last way in (no passphrase, no other passkey): removing it
 * would leave the record open, or locked. Under a lock of the account's row, so that two removals at once cannot both
 * see another passkey left.
 */
export async function removePasskey(db: Database, userId: number, id: number): Promise<RemovalResult> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, userId)).for('update');
    const [passkey] = await tx.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
    if (!account || !passkey) return 'not-found';
    if (account.passwordHash === null) {
      const [others] = await tx.select({ count: count() }).from(passkeys).where(and(eq(passkeys.userId, userId), ne(passkeys.id, id)));
      if ((others?.count ?? 0) === 0) return 'last-way-in';
    }
    await tx.delete(passkeys).where(eq(passkeys.id, id));
    return 'removed';
  });
}
