import { count, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessEvents, accessTokens, accounts, passkeyChallenges, passkeys, recoveryCodes, sessions, setupCodes, signInAttempts, signInDevices } from '../db/schema/index';

export interface AccessReset {
  /** Accounts whose passphrase was removed. */
  passphrases: number;
  /** Passkeys removed, every account's. */
  passkeys: number;
  sessions: number;
  recoveryCodes: number;
  /** Tokens revoked (kept, so that Settings can still name them). */
  tokens: number;
}

/**
 * `npm run reset-access` (ADR 17): every way in is removed — passphrases, passkeys (and the ceremonies begun with
 * one), recovery codes, open sessions, tokens, the devices known by their cookies, a pending setup code, the count of
 * failed attempts — so that the owner, with file access to the data, can set new ones. The record itself is untouched,
 * and so is the access log, which says it happened. One transaction: all or nothing.
 */
export async function resetAccess(db: Database, now = new Date()): Promise<AccessReset> {
  return db.transaction(async (tx) => {
    const [codes] = await tx.select({ count: count() }).from(recoveryCodes).where(isNull(recoveryCodes.usedAt));
    const passphrases = await tx.update(accounts).set({ passwordHash: null }).where(isNotNull(accounts.passwordHash)).returning({ id: accounts.id });
    const removedPasskeys = await tx.delete(passkeys).returning({ id: passkeys.id });
    await tx.delete(passkeyChallenges);
    const ended = await tx.delete(sessions).returning({ idHash: sessions.idHash });
    await tx.delete(recoveryCodes);
    const revoked = await tx.update(accessTokens).set({ revokedAt: now }).where(isNull(accessTokens.revokedAt)).returning({ id: accessTokens.id });
    await tx.delete(setupCodes);
    await tx.delete(signInAttempts);
    await tx.delete(signInDevices);
    const holders = await tx.select({ id: accounts.id }).from(accounts);
    if (holders.length > 0) {
      await tx.insert(accessEvents).values(holders.map(({ id }) => ({ userId: id, kind: 'access_reset' as const, at: now })));
    }
    return { passphrases: passphrases.length, passkeys: removedPasskeys.length, sessions: ended.length, recoveryCodes: codes?.count ?? 0, tokens: revoked.length };
  });
}
