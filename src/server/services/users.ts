import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UpdateUserBody } from '../../shared/contracts/users';
import { todayOfPatient } from '../../shared/rules/care';
import { knownTimeZone } from '../../shared/rules/patient';
import type { Database } from '../db/client';
import { syncUserIdSequence } from '../db/patient-account';
import { users } from '../db/schema/index';
import { foundOr404, type Patient } from '../core/patient';
import { conflict } from '../core/errors';
import { readProfileLines, saveProfileLines, type ProfileLines } from './profile-lines';

/**
 * What the patient may change of their own row (never its id, username or password hash), and the profile's two
 * boxes that are lists (services/profile-lines.ts).
 */
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'username' | 'isDemo'> & ProfileLines>;

type RowChanges = Omit<UserChanges, keyof ProfileLines>;

/** The username of a patient created by the first run; no one signs in with it yet. */
export const FIRST_RUN_USERNAME = 'patient';

// The whole row is read, with the two boxes' lines; the User contract leaves the password hash out of every response.
export async function getUser(db: Database, patient: Patient) {
  return db.transaction(async (tx) => {
    const user = foundOr404(await tx.select().from(users).where(eq(users.id, patient.id)), 'User');
    return { ...user, ...(await readProfileLines(tx, patient)) };
  });
}

/** The profile's save; on a first run without a patient, a save with a name and an email creates them. */
export async function updateUser(db: Database, patient: Patient, changes: z.output<typeof UpdateUserBody>) {
  return db.transaction((tx) => changeUser(tx, patient, changes, { createMissing: true }));
}

/**
 * The one way the patient's row is changed, inside the caller's transaction (`tx`): an email address that
 * another user has is a 409 naming the field. With `createMissing`, a patient that does not exist yet (a first
 * run with SEED=false, or after leaving the demo) is created from the changes when they carry the two fields a
 * user cannot be without, a display name and an email; otherwise that is a 404 as for any missing user.
 */
export async function changeUser(tx: Database, patient: Patient, { existingConditions, allergies, ...changes }: UserChanges, { createMissing = false } = {}) {
  const user = await changeUserRow(tx, patient, changes, createMissing);
  await saveProfileLines(tx, patient, { existingConditions, allergies });
  return { ...user, ...(await readProfileLines(tx, patient)) };
}

async function changeUserRow(tx: Database, patient: Patient, changes: RowChanges, createMissing: boolean) {
  // Only the boxes changed: the row is read as it is (an update must set something).
  if (Object.keys(changes).length === 0) return foundOr404(await tx.select().from(users).where(eq(users.id, patient.id)), 'User');
  if (changes.email) {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email));
    if (owner && owner.id !== patient.id) throw conflict('email: That email address is already in use');
  }
  const [changed] = await tx.update(users).set(changes).where(eq(users.id, patient.id)).returning();
  if (changed) return changed;
  const { displayName, email } = changes;
  if (createMissing && displayName !== undefined && email !== undefined) {
    const [created] = await createPatient(tx, patient, { ...changes, displayName, email });
    if (created) return created;
  }
  // Not creatable, or created meanwhile by a request running at the same time: this change applies to that row.
  return foundOr404(await tx.update(users).set(changes).where(eq(users.id, patient.id)).returning(), 'User');
}

/** The patient's own row, with the spec's fixed id; nothing when another request has just created it. */
async function createPatient(tx: Database, patient: Patient, fields: RowChanges & { displayName: string; email: string }) {
  const created = await tx
    .insert(users)
    .values({ ...fields, id: patient.id, username: FIRST_RUN_USERNAME, isDemo: false })
    .onConflictDoNothing({ target: users.id })
    .returning();
  await syncUserIdSequence(tx);
  return created;
}

/**
 * The patient's IANA time zone, or null when they gave none. A name the runtime does not know (written outside the
 * API) counts as none, so nothing that reads it can fail on it.
 */
export async function patientTimeZone(db: Database, patient: Patient): Promise<string | null> {
  return knownTimeZone(await storedTimeZone(db, patient));
}

/** The zone name as stored, unchecked: patientTimeZone and patientToday each check it once, by knownTimeZone. */
async function storedTimeZone(db: Database, patient: Patient): Promise<string | null> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, patient.id));
  return user?.timeZone ?? null;
}

/**
 * Today in the patient's time zone ('yyyy-MM-dd'), by the one rule (todayOfPatient): what "overdue" and "completed
 * on" are measured against.
 */
export async function patientToday(db: Database, patient: Patient, now: Date = new Date()): Promise<string> {
  return todayOfPatient(await storedTimeZone(db, patient), now);
}
