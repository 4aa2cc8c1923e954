import { and, asc, eq, inArray } from 'drizzle-orm';
import { CURRENT_CONDITION_STATUSES } from '../../shared/rules/conditions';
import { linesOf, sameLine, textOfLines } from '../../shared/rules/profile-lines';
import type { Database } from '../db/client';
import { allergies, conditions } from '../db/schema/index';
import type { Patient } from '../core/patient';

// My Profile's "Existing Conditions" and "Allergies" boxes, and the onboarding wizard's medical step, are text; since
// issue 34 they read and write the conditions and allergies lists, a line an item (rules/profile-lines.ts). Only the
// current items are lines: a resolved condition or an inactive allergy stays in its list and out of the box.

/** The two boxes' texts as the profile answers them. */
export interface ProfileLines {
  existingConditions: string | null;
  allergies: string | null;
}

const currentConditions = (patientId: number) =>
  and(eq(conditions.userId, patientId), inArray(conditions.clinicalStatus, [...CURRENT_CONDITION_STATUSES]));
const currentAllergies = (patientId: number) => and(eq(allergies.userId, patientId), eq(allergies.status, 'active'));

export async function readProfileLines(db: Database, patient: Patient): Promise<ProfileLines> {
  // One after the other: `db` may be a transaction, one connection.
  const conditionNames = await db.select({ name: conditions.name }).from(conditions).where(currentConditions(patient.id)).orderBy(asc(conditions.id));
  const allergyNames = await db.select({ name: allergies.substance }).from(allergies).where(currentAllergies(patient.id)).orderBy(asc(allergies.id));
  return { existingConditions: textOfLines(conditionNames.map((row) => row.name)), allergies: textOfLines(allergyNames.map((row) => row.name)) };
}

/**
 * Saves the boxes that `changes` names, inside the caller's transaction: a current item whose words are still a line
 * stays as it is (its codes, dates and note with it); a line no current item has becomes a new active item; a
 * current item whose line is gone is removed, as the patient removed it from the box.
 */
export async function saveProfileLines(tx: Database, patient: Patient, changes: Partial<ProfileLines>) {
  if (changes.existingConditions !== undefined) {
    const current = await tx.select({ id: conditions.id, words: conditions.name }).from(conditions).where(currentConditions(patient.id)).orderBy(asc(conditions.id));
    const { gone, added } = reconcile(current, linesOf(changes.existingConditions));
    if (gone.length > 0) await tx.delete(conditions).where(and(eq(conditions.userId, patient.id), inArray(conditions.id, gone)));
    if (added.length > 0) await tx.insert(conditions).values(added.map((name) => ({ userId: patient.id, name })));
  }
  if (changes.allergies !== undefined) {
    const current = await tx.select({ id: allergies.id, words: allergies.substance }).from(allergies).where(currentAllergies(patient.id)).orderBy(asc(allergies.id));
    const { gone, added } = reconcile(current, linesOf(changes.allergies));
    if (gone.length > 0) await tx.delete(allergies).where(and(eq(allergies.userId, patient.id), inArray(allergies.id, gone)));
    if (added.length > 0) await tx.insert(allergies).values(added.map((substance) => ({ userId: patient.id, substance })));
  }
}

/** Pairs each line with one current item of the same words, in order: what is left on either side changes. */
function reconcile(current: ReadonlyArray<{ id: number; words: string }>, lines: readonly string[]) {
  const unmatched = [...current];
  const added: string[] = [];
  for (const line of lines) {
    const at = unmatched.findIndex((item) => sameLine(item.words, line));
    if (at === -1) added.push(line);
    else unmatched.splice(at, 1);
  }
  return { gone: unmatched.map((item) => item.id), added };
}
