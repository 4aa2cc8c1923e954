import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recoveryCodes } from '../db/schema/index';
import { hashCode, newRecoveryCodes, RECOVERY_CODE_CHARACTERS } from './secrets';

/**
 * Ten new one-time codes for the account, to show once; the old ones, used or not, stop working. Only their
 * SHA-256 is stored (ADR 17).
 */
export async function replaceRecoveryCodes(db: Database, userId: number, { madeWhileOpen = false } = {}): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code, RECOVERY_CODE_CHARACTERS)!, madeWhileOpen })));
  });
  return codes;
}

/**
 * Spends a code as typed, for `userId`'s account or, with null, whichever account it belongs to (signing in names no
 * account): the account's id when it was an unused code, which is now used; null otherwise. Two requests with the same
 * code at once: one update wins, the other finds it used.
 */
async function spend(db: Database, userId: number | null, typed: string, now: Date): Promise<number | null> {
  const codeHash = hashCode(typed, RECOVERY_CODE_CHARACTERS);
  if (codeHash === null) return null;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(userId === null ? undefined : eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return spent?.userId ?? null;
}

/** Spends one of this account's codes as typed: true when it was unused, and is now used. */
export async function spendRecoveryCode(db: Database, userId: number, typed: string, now = new Date()): Promise<boolean> {
  return (await spend(db, userId, typed, now)) !== null;
}

/** Spends a code of whichever account it belongs to, as signing in does: that account's id, or null. */
export function spendAnyRecoveryCode(db: Database, typed: string, now = new Date()): Promise<number | null> {
  return spend(db, null, typed, now);
}

/** How many of the account's codes are left, for Settings ("7 of 10 recovery codes left"). */
export async function unusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

