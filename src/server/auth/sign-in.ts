import { CURRENT_USER_ID } from '../../shared/rules/patient';
import { tooManyRequests, unauthorized } from '../core/errors';
import type { Database } from '../db/client';
import { ensureAccount, passphraseHolders, storePassphraseHash } from './account';
import { recordAccessEvent } from './access-log';
import type { ClientFacts } from './client-facts';
import { hashPassphrase, needsRehash, verifyPassphrase } from './passphrase';
import { spendAnyRecoveryCode } from './recovery-codes';
import type { Who } from './sessions';
import { spendSetupCode } from './setup-codes';
import { knownDevice } from './sign-in-devices';
import { claimSignInAttempt, forgiveSignInAttempts } from './sign-in-throttle';

// The policy every way of signing in shares (ADR 17), in one place: the limit on guessing, one message for every
// failure, the access log; and each way's own check. The routes parse, call it, and reply; http/sign-in.ts starts the
// session and sets its cookies.

/** The one answer to a failed sign-in, whatever was wrong: which part was wrong is not told to a guesser. */
export const SIGN_IN_FAILED = 'That did not work: check what you typed and try again';

export function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many attempts to sign in: try again in ${wait}`;
}

/** Where an attempt comes from: the address its guesses are counted by, its device cookie, and the access log's facts. */
export interface SignInFrom {
  address: string;
  deviceCookie: string | null;
  client: ClientFacts;
}

/**
 * Checks a secret under the limit on guessing: the attempt is counted before `check` runs (a 429 with Retry-After when
 * this client, or every client without a device cookie, has tried too often), a failure is a 401 with SIGN_IN_FAILED
 * and an entry in the access log, and a success forgives this client's attempts. `check` names the account, or null.
 */
export async function checkSignIn(db: Database, from: SignInFrom, check: () => Promise<Who | null>): Promise<Who> {
  const device = await knownDevice(db, from.deviceCookie);
  const guesser = { address: from.address, deviceHash: device?.idHash ?? null };
  const claim = await claimSignInAttempt(db, guesser);
  if (!claim.allowed) throw tooManyRequests(waitMessage(claim.retryAfterSeconds), claim.retryAfterSeconds);
  const who = await check();
  if (!who) {
    await recordAccessEvent(db, null, 'sign_in_failed', from.client);
    throw unauthorized(SIGN_IN_FAILED);
  }
  await forgiveSignInAttempts(db, guesser);
  return who;
}

/** The account whose passphrase this is, or null. A hash made with older settings is replaced while the passphrase is at hand. */
export async function passphraseOwner(db: Database, passphrase: string): Promise<Who | null> {
  for (const holder of await passphraseHolders(db)) {
    if (!(await verifyPassphrase(passphrase, holder.passwordHash!))) continue;
    if (needsRehash(holder.passwordHash!)) await storePassphraseHash(db, holder.id, await hashPassphrase(passphrase));
    return { userId: holder.id, patientId: holder.id };
  }
  return null;
}

/** The account a recovery code belongs to, the code spent and its use logged; or null. */
export async function recoveryCodeOwner(db: Database, code: string, client: ClientFacts): Promise<Who | null> {
  const userId = await spendAnyRecoveryCode(db, code);
  if (userId === null) return null;
  await recordAccessEvent(db, userId, 'recovery_code_used', client);
  return { userId, patientId: userId };
}

/** A fresh install's setup: the code spent, the first account given the passphrase, both logged; or null for a wrong code. */
export async function setUpWithCode(db: Database, setupCode: string, passphrase: string, client: ClientFacts): Promise<Who | null> {
  if (!(await spendSetupCode(db, setupCode))) return null;
  const userId = CURRENT_USER_ID;
  await ensureAccount(db, userId);
  await storePassphraseHash(db, userId, await hashPassphrase(passphrase));
  await recordAccessEvent(db, userId, 'setup_code_used', client);
  await recordAccessEvent(db, userId, 'passphrase_set', client);
  return { userId, patientId: userId };
}
