import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Medication, type CreateMedicationBody, type UpdateMedicationBody } from '../../shared/contracts/medications';
import type { MedicationStatus } from '../../shared/rules/medications';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { medications, providers } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { badRequest } from '../core/errors';
import { recordActivity } from './activity-log';
import { patientToday } from './users';

// Medications (issue 32): the list, and a medication's status with the day it changed. The doses are in
// medication-doses.ts.

type NewMedication = Omit<z.output<typeof CreateMedicationBody>, 'userId'>;
type MedicationChanges = z.output<typeof UpdateMedicationBody>;
type MedicationRow = typeof medications.$inferSelect;

/** Current ones (active or paused) first, then the past (stopped), each by name. */
const currentFirstByName = jsonList(medications, Medication, [
  asc(sql`${medications.status} = 'stopped'`),
  asc(medications.name),
  asc(medications.id),
]);

export function listMedications(db: Database, patient: Patient) {
  return currentFirstByName.read(db, ownRows(medications, patient));
}

/** The prescriber named as a provider must be one of the patient's: another's is "not found", as a missing one is. */
async function checkOwnProvider(tx: Database, patient: Patient, providerId: number | null | undefined): Promise<void> {
  if (providerId === null || providerId === undefined) return;
  foundOr404(await tx.select({ id: providers.id }).from(providers).where(ownRow(providers, patient, providerId)), 'Provider');
}

/** What the status asks for, as the patient says it: the status, the day it was stopped, the reason. */
interface StatusChange {
  status?: MedicationStatus | undefined;
  stoppedOn?: string | undefined;
  stopReason?: string | null | undefined;
}

type Standing = Pick<MedicationRow, 'status' | 'pausedOn' | 'stoppedOn' | 'stopReason'>;

/**
 * The status with its days, from the stored one (none for a new medication) and the change: stopped on the day given
 * or the patient's today, paused from today, active again with neither day and no reason. A status kept keeps its
 * day; the day a medication was stopped can be corrected. The reason belongs to a stopped or paused medication.
 */
function nextStanding(current: Standing | null, change: StatusChange, today: string, startDate: string | null): Standing {
  const status = change.status ?? current?.status ?? 'active';
  const kept = current?.status === status ? current : null;
  if (change.stoppedOn !== undefined && status !== 'stopped') {
    throw badRequest('stoppedOn: only a stopped medication has a day it was stopped');
  }
  if (change.stopReason && status === 'active') throw badRequest('stopReason: only a stopped or paused medication has a reason it was stopped');
  const stopReason = change.stopReason !== undefined ? change.stopReason : (kept?.stopReason ?? null);
  switch (status) {
    case 'active':
      return { status, pausedOn: null, stoppedOn: null, stopReason: null };
    case 'paused':
      return { status, pausedOn: kept?.pausedOn ?? today, stoppedOn: null, stopReason };
    case 'stopped': {
      const stoppedOn = change.stoppedOn ?? kept?.stoppedOn ?? today;
      if (change.stoppedOn !== undefined && change.stoppedOn > today) throw badRequest('stoppedOn: cannot be after today');
      if (change.stoppedOn !== undefined && startDate !== null && change.stoppedOn < startDate) {
        throw badRequest('stoppedOn: must be on or after the start date');
      }
      return { status, pausedOn: null, stoppedOn, stopReason };
    }
  }
}

/** A new medication: active unless it is said to be stopped (a past one), or paused. */
export async function createMedication(db: Database, patient: Patient, input: NewMedication) {
  const { status, stoppedOn, stopReason, ...fields } = input;
  return db.transaction(async (tx) => {
    await checkOwnProvider(tx, patient, fields.providerId);
    const standing = nextStanding(null, { status, stoppedOn, stopReason }, await patientToday(tx, patient), fields.startDate);
    const [medication] = await tx
      .insert(medications)
      .values({ ...fields, ...standing, userId: patient.id })
      .returning();
    if (!medication) throw new Error('insert returned no row');
    // A past medication entered as stopped was not started now: the feed says nothing of it.
    if (medication.status !== 'stopped') await recordActivity(tx, patient, 'medication_started', { name: medication.name }, medication.id);
    return medication;
  });
}

/**
 * Any of the fields, and the status. An end before the start, of the body or the stored one, is a 400 naming the field
 * that was sent. Stopping records 'Stopped {name}', making a stopped one active again 'Started {name}'.
 */
export async function updateMedication(db: Database, patient: Patient, id: number, changes: MedicationChanges) {
  const { status, stoppedOn, stopReason, ...fields } = changes;
  return db.transaction(async (tx) => {
    // Locked: two changes of the status at once each see the other's result, not the same stored one.
    const existing = foundOr404(await tx.select().from(medications).where(ownRow(medications, patient, id)).for('update'), 'Medication');
    await checkOwnProvider(tx, patient, fields.providerId);
    const startDate = fields.startDate === undefined ? existing.startDate : fields.startDate;
    const endDate = fields.endDate === undefined ? existing.endDate : fields.endDate;
    if (startDate !== null && endDate !== null && endDate < startDate) {
      throw badRequest(fields.endDate === undefined ? 'startDate: must be on or before the end date' : 'endDate: must be on or after the start date');
    }
    const standing = nextStanding(existing, { status, stoppedOn, stopReason }, await patientToday(tx, patient), startDate);
    const [medication] = await tx
      .update(medications)
      .set({ ...fields, ...standing })
      .where(eq(medications.id, existing.id))
      .returning();
    if (!medication) throw new Error('update returned no row');
    if (existing.status !== 'stopped' && medication.status === 'stopped') {
      await recordActivity(tx, patient, 'medication_stopped', { name: medication.name }, medication.id);
    } else if (existing.status === 'stopped' && medication.status === 'active') {
      await recordActivity(tx, patient, 'medication_started', { name: medication.name }, medication.id);
    }
    return medication;
  });
}

/** Removes a medication and its dose log (the log's key cascades). */
export async function deleteMedication(db: Database, patient: Patient, id: number): Promise<void> {
  foundOr404(await db.delete(medications).where(ownRow(medications, patient, id)).returning({ id: medications.id }), 'Medication');
}
