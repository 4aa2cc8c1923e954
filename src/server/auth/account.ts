import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { syncUserIdSequence } from '../db/patient-account';
import { users } from '../db/schema/index';
import { FIRST_RUN_USERNAME } from '../services/users';

/** What a patient row made for its credential holds until onboarding or the profile names them. */
export const UNNAMED_ACCOUNT = { displayName: 'Patient', email: '' } as const;

/**
 * The account a credential belongs to is the patient's own row (ADR 17: one account, one patient today). A fresh
 * install set up before onboarding has none yet: it is made with a placeholder name, and onboarding (which asks for
 * the patient's name and email) fills it in as it would have made it.
 */
export async function ensureAccount(db: Database, patientId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(users)
      .values({ id: patientId, username: FIRST_RUN_USERNAME, isDemo: false, ...UNNAMED_ACCOUNT })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (made.length > 0) await syncUserIdSequence(tx);
  });
}

/** The accounts with a passphrase and its hash: one, in an install of one patient. */
export function passphraseHolders(db: Database) {
  return db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(isNotNull(users.passwordHash)).orderBy(users.id);
}

/** Sets (or replaces) the account's passphrase hash. */
export async function storePassphraseHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
