import { and, asc, between, count, eq, gte, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { DoseEntry, type Adherence, type DoseLogQuery, type DayDose, type LogDoseBody, type UpdateDoseBody } from '../../shared/contracts/medications';
import type { PageQuery } from '../../shared/contracts/paging';
import { adherenceOf, dosesOnDay, localInstant, sumAdherence, windowDays } from '../../shared/rules/medication-schedule';
import type { ScheduledMedication } from '../../shared/rules/medications';
import { clockIn, todayIn } from '../../shared/rules/patient';
import type { Database } from '../db/client';
import { pageQuery, readPage, type PagedTable } from '../db/keyset-page';
import { medicationDoses, medications } from '../db/schema/index';
import { sqlState, violatedConstraint } from '../db/sql-state';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { badRequest, conflict } from '../core/errors';
import { recordActivity } from './activity-log';
import { patientTimeZone } from './users';

// Medications (issue 32): the dose log. A due dose is derived from the schedule (rules/medication-schedule.ts) on the
// patient's clock: their profile's time zone, or the machine's without one (or with one the runtime does not know).

type MedicationRow = typeof medications.$inferSelect;
type DoseRow = z.output<typeof DoseEntry>;
type DayDoseOut = z.output<typeof DayDose>;

/** The key of one entry per scheduled dose: the medication, its day and its time. */
const SCHEDULED_DOSE_KEY = 'medication_doses_scheduled_idx';

/** How far ahead of the server's clock a time taken may be: a phone's clock a little ahead. */
const CLOCK_SLACK_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The entry's fields as the contract sends them. */
const entryColumns = {
  id: medicationDoses.id,
  medicationId: medicationDoses.medicationId,
  scheduledDate: medicationDoses.scheduledDate,
  scheduledTime: medicationDoses.scheduledTime,
  status: medicationDoses.status,
  takenAt: medicationDoses.takenAt,
  reason: medicationDoses.reason,
  loggedAt: medicationDoses.loggedAt,
};

/** The patient's zone as the rules compute with it (null: the machine's), and their today in it. */
async function patientClock(db: Database, patient: Patient, now: Date) {
  const timeZone = await patientTimeZone(db, patient);
  return { timeZone, today: todayIn(timeZone, now) };
}

function medicationsOf(db: Database, patient: Patient): Promise<MedicationRow[]> {
  return db.select().from(medications).where(ownRows(medications, patient)).orderBy(asc(medications.name), asc(medications.id));
}

/**
 * The doses of one of the patient's days: each medication's scheduled doses with their entries, the entries of that
 * day the schedule no longer gives (it changed since), and the as-needed doses taken that day (by when they were
 * taken, on the patient's clock), by time; and the active as-needed medications.
 */
export async function dayDoses(db: Database, patient: Patient, date: string | undefined) {
  const { timeZone, today } = await patientClock(db, patient, new Date());
  return dosesOfDay(db, patient, { day: date ?? today, timeZone, medications: await medicationsOf(db, patient) });
}

/** What the day's doses need of a medication: when it is due, and how it is named. */
export type DayMedication = ScheduledMedication & Pick<MedicationRow, 'name' | 'strength' | 'dose'>;

/**
 * dayDoses for a caller that has read the patient's zone and medications already (the assistant's facts): only the
 * day's entries are read, the scheduled and the as-needed ones at once.
 */
export async function dosesOfDay(db: Database, patient: Patient, { day, timeZone, medications: rows }: { day: string; timeZone: string | null; medications: DayMedication[] }) {
  // The day's instants lie within a day and a few hours of its midnight; which of them are the day's, the clock says.
  const midnight = localInstant(day, '00:00', timeZone);
  const [scheduledEntries, takenAround] = await Promise.all([
    db
      .select(entryColumns)
      .from(medicationDoses)
      .where(and(ownRows(medicationDoses, patient), eq(medicationDoses.scheduledDate, day))),
    db
      .select(entryColumns)
      .from(medicationDoses)
      .where(
        and(
          ownRows(medicationDoses, patient),
          isNull(medicationDoses.scheduledDate),
          gte(medicationDoses.takenAt, new Date(midnight.getTime() - 3 * HOUR_MS)),
          lt(medicationDoses.takenAt, new Date(midnight.getTime() + 27 * HOUR_MS)),
        ),
      ),
  ]);
  const asNeededEntries = takenAround.flatMap((entry) => {
    const clock = entry.takenAt === null ? null : clockIn(timeZone, entry.takenAt);
    return clock?.date === day ? [{ entry, time: clock.time }] : [];
  });

  const byId = new Map(rows.map((medication) => [medication.id, medication]));
  const described = (medication: DayMedication) => ({
    medicationId: medication.id,
    name: medication.name,
    strength: medication.strength,
    dose: medication.dose,
  });
  const keyOf = (medicationId: number, time: string) => `${medicationId} ${time}`;
  const unmatched = new Map(scheduledEntries.map((entry) => [keyOf(entry.medicationId, entry.scheduledTime!), entry]));
  const doses: Array<DayDoseOut & { sortTime: string }> = [];
  for (const medication of rows) {
    for (const due of dosesOnDay(medication, day, timeZone)) {
      const key = keyOf(medication.id, due.time);
      doses.push({ ...described(medication), scheduledTime: due.time, dueAt: due.dueAt, entry: unmatched.get(key) ?? null, sortTime: due.time });
      unmatched.delete(key);
    }
  }
  for (const entry of unmatched.values()) {
    const time = entry.scheduledTime!;
    doses.push({ ...described(byId.get(entry.medicationId)!), scheduledTime: time, dueAt: localInstant(day, time, timeZone), entry, sortTime: time });
  }
  for (const { entry, time } of asNeededEntries) {
    doses.push({ ...described(byId.get(entry.medicationId)!), scheduledTime: null, dueAt: null, entry, sortTime: time });
  }
  doses.sort((a, b) => a.sortTime.localeCompare(b.sortTime) || a.name.localeCompare(b.name) || a.medicationId - b.medicationId);
  return {
    date: day,
    doses: doses.map(({ sortTime: _sortTime, ...dose }) => dose),
    asNeeded: rows.filter((medication) => medication.schedule.kind === 'as-needed' && medication.status === 'active').map(described),
  };
}

type NewDose = z.output<typeof LogDoseBody>;
type DoseChanges = z.output<typeof UpdateDoseBody>;

function checkTakenAt(takenAt: Date | undefined, now: Date): void {
  if (takenAt !== undefined && takenAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw badRequest('takenAt: cannot be in the future');
}

/**
 * Logs a dose: a scheduled one (a dose the schedule gives that day, not after the patient's today) taken, skipped or
 * missed, once (409 after), or an as-needed one taken. Taken is at `takenAt`, by default now; a dose taken is in the
 * feed.
 */
export async function logDose(db: Database, patient: Patient, input: NewDose) {
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const medication = foundOr404(await tx.select().from(medications).where(ownRow(medications, patient, input.medicationId)), 'Medication');
      const { timeZone, today } = await patientClock(tx, patient, now);
      if (input.scheduledDate !== undefined) {
        if (input.scheduledDate > today) throw badRequest('scheduledDate: cannot be after today');
        const given = dosesOnDay(medication, input.scheduledDate, timeZone).some((due) => due.time === input.scheduledTime);
        if (!given) throw badRequest('scheduledTime: is not a dose of this medication on that day');
      } else if (medication.schedule.kind !== 'as-needed') {
        throw badRequest('scheduledDate: is required for a scheduled medication (only an as-needed dose has no day and time)');
      }
      checkTakenAt(input.takenAt, now);
      const [dose] = await tx
        .insert(medicationDoses)
        .values({
          userId: patient.id,
          medicationId: medication.id,
          scheduledDate: input.scheduledDate ?? null,
          scheduledTime: input.scheduledTime ?? null,
          status: input.status,
          takenAt: input.status === 'taken' ? (input.takenAt ?? now) : null,
          reason: input.reason,
        })
        .returning(entryColumns);
      if (!dose) throw new Error('insert returned no row');
      if (dose.status === 'taken') await recordActivity(tx, patient, 'dose_logged', { name: medication.name }, dose.id);
      return dose;
    });
  } catch (error) {
    if (sqlState(error) === '23505' && violatedConstraint(error) === SCHEDULED_DOSE_KEY) throw conflict('That dose is already logged');
    throw error;
  }
}

/**
 * Corrects an entry: another status, another time taken, another reason. Skipped or missed has no time taken; taken
 * without one is taken now (or when it was taken before). An as-needed dose stays taken. Made taken, it is in the feed.
 */
export async function updateDose(db: Database, patient: Patient, id: number, changes: DoseChanges) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const existing = foundOr404(await tx.select().from(medicationDoses).where(ownRow(medicationDoses, patient, id)).for('update'), 'Dose');
    const status = changes.status ?? existing.status;
    if (existing.scheduledDate === null && status !== 'taken') throw badRequest('status: an as-needed dose can only be logged as taken');
    if (changes.takenAt !== undefined && status !== 'taken') throw badRequest('takenAt: only a taken dose has a time taken');
    checkTakenAt(changes.takenAt, now);
    const [dose] = await tx
      .update(medicationDoses)
      .set({
        status,
        takenAt: status === 'taken' ? (changes.takenAt ?? existing.takenAt ?? now) : null,
        ...(changes.reason === undefined ? {} : { reason: changes.reason }),
      })
      .where(eq(medicationDoses.id, existing.id))
      .returning(entryColumns);
    if (!dose) throw new Error('update returned no row');
    if (existing.status !== 'taken' && dose.status === 'taken') {
      const [medication] = await tx.select({ name: medications.name }).from(medications).where(eq(medications.id, dose.medicationId));
      await recordActivity(tx, patient, 'dose_logged', { name: medication!.name }, dose.id);
    }
    return dose;
  });
}

/** Undoes an entry: the dose is "not logged" again (or, as-needed, never taken). */
export async function deleteDose(db: Database, patient: Patient, id: number): Promise<void> {
  foundOr404(await db.delete(medicationDoses).where(ownRow(medicationDoses, patient, id)).returning({ id: medicationDoses.id }), 'Dose');
}

const pagedDoses: PagedTable = { table: medicationDoses, time: medicationDoses.loggedAt, id: medicationDoses.id };

/** The query of a page of one medication's log (the plan tests explain it). */
export const doseLogPageQuery = (db: Database, patient: Patient, medicationId: number, query: PageQuery) =>
  pageQuery(db, pagedDoses, DoseEntry, and(eq(medicationDoses.medicationId, medicationId), ownRows(medicationDoses, patient))!, query);

/** One medication's log, newest logged first, a page at a time (ADR 19). */
export async function pageDoseLog(db: Database, patient: Patient, medicationId: number, pageOf: z.output<typeof DoseLogQuery>) {
  const query: PageQuery = { ...pageOf, q: undefined };
  foundOr404(await db.select({ id: medications.id }).from(medications).where(ownRow(medications, patient, medicationId)), 'Medication');
  return readPage<DoseRow>(doseLogPageQuery(db, patient, medicationId, query), query);
}

/** The taken entries of the patient's scheduled doses from `first` to `last`, counted per medication and day. */
export function takenCountsQuery(db: Database, patient: Patient, first: string, last: string) {
  return db
    .select({ medicationId: medicationDoses.medicationId, date: medicationDoses.scheduledDate, taken: count() })
    .from(medicationDoses)
    .where(and(ownRows(medicationDoses, patient), eq(medicationDoses.status, 'taken'), between(medicationDoses.scheduledDate, first, last)))
    .groupBy(medicationDoses.medicationId, medicationDoses.scheduledDate);
}

/**
 * The medication as adherence counts it: due from its start date, but never before the day it was added (on the
 * patient's clock). Nothing was logged before the app knew of it, so those days would all count as missed: a
 * medication taken for years and added today starts at 100%, not at 1 dose in 30 days.
 */
function countedFrom(medication: MedicationRow, timeZone: string | null): MedicationRow {
  const addedOn = todayIn(timeZone, medication.createdAt);
  return medication.startDate !== null && medication.startDate > addedOn ? medication : { ...medication, startDate: addedOn };
}

/**
 * Taken ÷ due over the last 7 and 30 days ending now (rules/medication-schedule.ts's adherenceOf), each medication
 * counted from the later of its start and the day it was added (countedFrom); per medication with a schedule (a
 * stopped one only when something was due in the 30 days) and overall. The taken doses are counted by the database,
 * per medication and day.
 */
export async function adherence(db: Database, patient: Patient): Promise<z.output<typeof Adherence>> {
  const now = new Date();
  const { timeZone, today } = await patientClock(db, patient, now);
  // The longer window (days30) holds the shorter.
  const days = windowDays(today, 30);
  const rows = await medicationsOf(db, patient);
  const counts = await takenCountsQuery(db, patient, days[0]!, today);
  const takenBy = new Map<number, Map<string, number>>();
  for (const { medicationId, date, taken } of counts) {
    const byDate = takenBy.get(medicationId) ?? new Map<string, number>();
    byDate.set(date!, taken);
    takenBy.set(medicationId, byDate);
  }
  const figuresOf = (medication: MedicationRow, windowLength: number) =>
    adherenceOf(countedFrom(medication, timeZone), takenBy.get(medication.id) ?? new Map(), { today, days: windowLength, now, timeZone });
  const perMedication = rows
    .filter((medication) => medication.schedule.kind !== 'as-needed')
    .map((medication) => ({ medicationId: medication.id, status: medication.status, days7: figuresOf(medication, 7), days30: figuresOf(medication, 30) }))
    .filter(({ status, days30 }) => status !== 'stopped' || days30.due > 0)
    .map(({ status: _status, ...figures }) => figures);
  return {
    today,
    overall: { days7: sumAdherence(perMedication.map(({ days7 }) => days7)), days30: sumAdherence(perMedication.map(({ days30 }) => days30)) },
    medications: perMedication,
  };
}
