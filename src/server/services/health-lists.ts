import { asc, desc } from 'drizzle-orm';
import type { z } from 'zod';
import { Allergy, type AllergyFields, type UpdateAllergyBody } from '../../shared/contracts/allergies';
import { Condition, type ConditionFields, type UpdateConditionBody } from '../../shared/contracts/conditions';
import { Immunization, type ImmunizationFields, type UpdateImmunizationBody } from '../../shared/contracts/immunizations';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { allergies, conditions, immunizations } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { badRequest } from '../core/errors';

// The health lists (issue 34): conditions, allergies and immunizations. Each is a plain list of the patient's items,
// read, added, changed and removed the same way; a condition's dates are checked against the stored ones.

type ConditionChanges = z.output<typeof UpdateConditionBody>;

const conditionsInOrder = jsonList(conditions, Condition, [asc(conditions.id)]);
const allergiesInOrder = jsonList(allergies, Allergy, [asc(allergies.id)]);
/** Newest first: the last dose of a vaccine is what the patient looks for. */
const immunizationsNewestFirst = jsonList(immunizations, Immunization, [desc(immunizations.date), desc(immunizations.id)]);

export const listConditions = (db: Database, patient: Patient) => conditionsInOrder.read(db, ownRows(conditions, patient));
export const listAllergies = (db: Database, patient: Patient) => allergiesInOrder.read(db, ownRows(allergies, patient));
export const listImmunizations = (db: Database, patient: Patient) => immunizationsNewestFirst.read(db, ownRows(immunizations, patient));

function inserted<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function createCondition(db: Database, patient: Patient, fields: z.output<typeof ConditionFields>) {
  return inserted(await db.insert(conditions).values({ ...fields, userId: patient.id }).returning());
}

export async function createAllergy(db: Database, patient: Patient, fields: z.output<typeof AllergyFields>) {
  return inserted(await db.insert(allergies).values({ ...fields, userId: patient.id }).returning());
}

export async function createImmunization(db: Database, patient: Patient, fields: z.output<typeof ImmunizationFields>) {
  return inserted(await db.insert(immunizations).values({ ...fields, userId: patient.id }).returning());
}

/** A change of one date is checked against the other as stored: an end before the onset is refused, naming the field sent. */
export async function updateCondition(db: Database, patient: Patient, id: number, changes: ConditionChanges) {
  return db.transaction(async (tx) => {
    const stored = foundOr404(
      await tx.select({ onsetDate: conditions.onsetDate, abatementDate: conditions.abatementDate }).from(conditions).where(ownRow(conditions, patient, id)).for('update'),
      'Condition',
    );
    const onset = changes.onsetDate === undefined ? stored.onsetDate : changes.onsetDate;
    const abatement = changes.abatementDate === undefined ? stored.abatementDate : changes.abatementDate;
    if (onset !== null && abatement !== null && abatement < onset) {
      throw badRequest(changes.abatementDate === undefined ? 'onsetDate: must be on or before the end date' : 'abatementDate: must be on or after the onset date');
    }
    return foundOr404(await tx.update(conditions).set(changes).where(ownRow(conditions, patient, id)).returning(), 'Condition');
  });
}

export async function updateAllergy(db: Database, patient: Patient, id: number, changes: z.output<typeof UpdateAllergyBody>) {
  return foundOr404(await db.update(allergies).set(changes).where(ownRow(allergies, patient, id)).returning(), 'Allergy');
}

export async function updateImmunization(db: Database, patient: Patient, id: number, changes: z.output<typeof UpdateImmunizationBody>) {
  return foundOr404(await db.update(immunizations).set(changes).where(ownRow(immunizations, patient, id)).returning(), 'Immunization');
}

export async function deleteCondition(db: Database, patient: Patient, id: number) {
  foundOr404(await db.delete(conditions).where(ownRow(conditions, patient, id)).returning({ id: conditions.id }), 'Condition');
}

export async function deleteAllergy(db: Database, patient: Patient, id: number) {
  foundOr404(await db.delete(allergies).where(ownRow(allergies, patient, id)).returning({ id: allergies.id }), 'Allergy');
}

export async function deleteImmunization(db: Database, patient: Patient, id: number) {
  foundOr404(await db.delete(immunizations).where(ownRow(immunizations, patient, id)).returning({ id: immunizations.id }), 'Immunization');
}
