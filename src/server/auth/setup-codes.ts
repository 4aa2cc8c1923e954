import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { setupCodes } from '../db/schema/index';
import { hashCode, newSetupCode, SETUP_CODE_CHARACTERS } from './secrets';

/** How long a printed setup code works. */
export const SETUP_CODE_MINUTES = 60;

/**
 * A new setup code to print in the log, replacing any earlier one; only its SHA-256 is stored, so every instance on one
 * PostgreSQL accepts the newest code printed by any of them (ADR 17).
 */
export async function issueSetupCode(db: Database, now = new Date()): Promise<string> {
  const code = newSetupCode();
  await db.transaction(async (tx) => {
    await tx.delete(setupCodes);
    await tx.insert(setupCodes).values({ codeHash: hashCode(code, SETUP_CODE_CHARACTERS)!, expiresAt: new Date(now.getTime() + SETUP_CODE_MINUTES * 60_000) });
  });
  return code;
}

/** Whether a setup code printed earlier still works. */
export async function setupCodePending(db: Database, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ codeHash: setupCodes.codeHash }).from(setupCodes).where(gt(setupCodes.expiresAt, now)).limit(1);
  return row !== undefined;
}

/** Spends the setup code as typed: true once, while it has not expired; of two requests with it at once, one. */
export async function spendSetupCode(db: Database, typed: string, now = new Date()): Promise<boolean> {
  const codeHash = hashCode(typed, SETUP_CODE_CHARACTERS);
  if (codeHash === null) return false;
  const spent = await db
    .delete(setupCodes)
    .where(and(eq(setupCodes.codeHash, codeHash), gt(setupCodes.expiresAt, now)))
    .returning({ codeHash: setupCodes.codeHash });
  return spent.length === 1;
}
