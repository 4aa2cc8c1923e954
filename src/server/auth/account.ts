import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts } from '../db/schema/index';

/**
 * The account a credential belongs to (ADR 21): a row of `accounts` whose id is the patient's it acts for (one
 * account, one patient today). It is made with the first way in, apart from the patient's row: a passphrase set before
 * onboarding needs no patient, and leaving the demo or restoring a backup, which remove and write patient rows, never
 * touch it.
 */
export async function ensureAccount(db: Database, patientId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const made = await tx.insert(accounts).values({ id: patientId }).onConflictDoNothing().returning({ id: accounts.id });
    // The account's id was chosen, not drawn: the sequence moves past it, so that a later account is not refused.
    if (made.length > 0) {
      await tx.execute(sql`select setval(pg_get_serial_sequence('accounts', 'id'), (select max(id) from accounts))`);
    }
  });
}

/** The accounts with a passphrase and its hash: one, in an install of one patient. */
export function passphraseHolders(db: Database) {
  return db.select({ id: accounts.id, passwordHash: accounts.passwordHash }).from(accounts).where(isNotNull(accounts.passwordHash)).orderBy(accounts.id);
}

/** The account's passphrase hash, or null when it has none (or no account exists yet). */
export async function passphraseHashOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, userId));
  return row?.passwordHash ?? null;
}

/** Sets (or replaces) the account's passphrase hash. */
export async function storePassphraseHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, userId));
}
