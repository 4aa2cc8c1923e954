import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessEvents, accessTokens, recoveryCodes } from '../db/schema/index';

// What was made while the app was open (no way in yet, loopback only: anyone on the machine could have made it):
// tokens and recovery codes. When the first way in is set they are listed with a warning, and revoked unless the
// owner keeps them (issue 29), so that a token a stranger made before protection began does not outlive it.

export interface MadeWhileOpen {
  /** Tokens still working that were made while the app was open. */
  tokens: Array<{ id: number; name: string; createdAt: Date }>;
  /** Unused recovery codes made while the app was open. */
  recoveryCodes: number;
}

/** What the account holds that was made while the app was open and still works. */
export async function madeWhileOpen(db: Database, userId: number): Promise<MadeWhileOpen> {
  const tokens = await db
    .select({ id: accessTokens.id, name: accessTokens.name, createdAt: accessTokens.createdAt })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), eq(accessTokens.madeWhileOpen, true), isNull(accessTokens.revokedAt)))
    .orderBy(accessTokens.createdAt, accessTokens.id);
  const codes = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.madeWhileOpen, true), isNull(recoveryCodes.usedAt)));
  return { tokens, recoveryCodes: codes.length };
}

/**
 * The first way in was just set: what was made while open is kept (the owner said so, having seen the list) and no
 * longer set apart, or revoked — tokens revoked and logged, unused codes deleted. One transaction.
 */
export async function settleMadeWhileOpen(db: Database, userId: number, keep: boolean, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const ofAccount = (table: typeof accessTokens | typeof recoveryCodes) => and(eq(table.userId, userId), eq(table.madeWhileOpen, true));
    if (keep) {
      await tx.update(accessTokens).set({ madeWhileOpen: false }).where(ofAccount(accessTokens));
      await tx.update(recoveryCodes).set({ madeWhileOpen: false }).where(ofAccount(recoveryCodes));
      return;
    }
    const revoked = await tx
      .update(accessTokens)
      .set({ revokedAt: now, madeWhileOpen: false })
      .where(and(ofAccount(accessTokens), isNull(accessTokens.revokedAt)))
      .returning({ id: accessTokens.id });
    if (revoked.length > 0) await tx.insert(accessEvents).values(revoked.map(() => ({ userId, kind: 'token_revoked' as const, at: now })));
    await tx.delete(recoveryCodes).where(ofAccount(recoveryCodes));
  });
}
