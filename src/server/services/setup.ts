import { eq, sql } from 'drizzle-orm';
import type { Setup } from '../../shared/contracts/setup';
import type { Database } from '../db/client';
import { appointments, installation, users } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import { conflict, notFound } from '../core/errors';

/** Where the installation stands: whether the patient exists (and is the demo), and whether to lead them to onboarding. */
export async function readSetup(db: Database, patient: Patient): Promise<Setup> {
  const [user] = await db.select({ isDemo: users.isDemo, onboardedAt: users.onboardedAt }).from(users).where(eq(users.id, patient.id));
  if (user && (user.isDemo || user.onboardedAt)) return { patient: user.isDemo ? 'demo' : 'own', onboarding: 'done' };
  const [row] = await db.select({ skippedAt: installation.onboardingSkippedAt }).from(installation);
  return { patient: user ? 'own' : 'none', onboarding: row?.skippedAt ? 'skipped' : 'needed' };
}

/** 'Skip for now', remembered on the server whether or not a patient exists; skipping again keeps the first time. */
export async function skipOnboarding(db: Database): Promise<void> {
  await db
    .insert(installation)
    .values({ onboardingSkippedAt: new Date() })
    .onConflictDoUpdate({
      target: installation.id,
      set: { onboardingSkippedAt: sql`coalesce(${installation.onboardingSkippedAt}, excluded.onboarding_skipped_at)` },
    });
}

/**
 * 'Start with my own data': removes every row of the demo patient in one transaction and forgets a skipped
 * onboarding, so the app opens the wizard. The installation row stays (emptied), so a restart does not seed the
 * demo again. Only the demo may be removed so: a patient's own data is a 409.
 */
export async function leaveDemo(db: Database, patient: Patient): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so that a profile save running at the same time cannot slip in between the check and the delete.
    const [user] = await tx.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, patient.id)).for('update');
    if (!user) throw notFound('User not found');
    if (!user.isDemo) throw conflict('Only the demo data can be removed this way');
    // Appointments hold their providers with ON DELETE RESTRICT. Both PostgreSQL and PGlite accept the user's
    // cascade removing both in one statement today; deleting the appointments first keeps that from depending on
    // the order the cascades run in. The user then takes every other table with it (providers, plans and their
    // benefits, records and their bytes, care items, activities).
    await tx.delete(appointments).where(ownRows(appointments, patient));
    await tx.delete(users).where(eq(users.id, patient.id));
    await tx
      .insert(installation)
      .values({ onboardingSkippedAt: null })
      .onConflictDoUpdate({ target: installation.id, set: { onboardingSkippedAt: null } });
  });
}
