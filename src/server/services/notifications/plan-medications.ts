import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { dosesOnDay } from '../../../shared/rules/medication-schedule';
import { medicationTitle, type ScheduledMedication } from '../../../shared/rules/medications';
import { doseDueWords, doseMissedWords, refillLowWords } from '../../../shared/rules/notification-text';
import { REFILL_LOW_DAYS } from '../../../shared/rules/notifications';
import { daysOfSupply, doseWindows } from '../../../shared/rules/reminder-times';
import type { Database } from '../../db/client';
import { medicationDoses, medications } from '../../db/schema/index';
import { byPatient, dayAfter, daySpan, type Candidate, type PlanContext } from './plan-candidate';

interface PlannedMedication extends ScheduledMedication {
  userId: number;
  name: string;
  strength: string | null;
  remindAtNight: boolean;
  quantityOnHand: number | null;
  updatedAt: Date;
  /** Doses logged taken since the quantity on hand was stated (updatedAt); null without a quantity. */
  takenSince: number | null;
}

/**
 * The reminders of the patients' active medications: each scheduled dose of the days looked at (due, and not logged an
 * hour later), and a refill running low. Two queries for all the patients given: the medications (medications_user_idx;
 * the doses taken since the quantity was stated counted through medication_doses_log_idx, only for a medication with a
 * quantity), and the dose log of the days looked at only (medication_doses_user_date_idx), never the whole history.
 */
export async function medicationCandidates(db: Database, contexts: readonly PlanContext[]): Promise<Candidate[]> {
  if (contexts.length === 0) return [];
  const rows: PlannedMedication[] = await db
    .select({
      id: medications.id,
      userId: medications.userId,
      name: medications.name,
      strength: medications.strength,
      schedule: medications.schedule,
      startDate: medications.startDate,
      endDate: medications.endDate,
      status: medications.status,
      pausedOn: medications.pausedOn,
      stoppedOn: medications.stoppedOn,
      remindAtNight: medications.remindAtNight,
      quantityOnHand: medications.quantityOnHand,
      updatedAt: medications.updatedAt,
      // One unit a dose. Led by the medication and the time it was logged, so only the doses since are read. The outer
      // row is named in full: drizzle writes a one-table select's columns unqualified, which inside the subquery
      // would be the dose's own id.
      takenSince: sql<number | null>`case when ${medications.quantityOnHand} is null then null else (
        select count(*)::int from ${medicationDoses} as taken
        where taken.medication_id = ${medications}.id and taken.logged_at >= ${medications}.updated_at and taken.status = 'taken'
      ) end`,
    })
    .from(medications)
    .where(and(inArray(medications.userId, contexts.map((context) => context.patientId)), eq(medications.status, 'active')))
    .orderBy(medications.userId, medications.name, medications.id);
  // As-needed medications have no due doses, so neither reminders of them nor a schedule a supply runs out on.
  const scheduledOf = byPatient(rows.filter((medication) => medication.schedule.kind !== 'as-needed'));
  const planned = contexts.filter((context) => scheduledOf.has(context.patientId));
  if (planned.length === 0) return [];
  const loggedOf = await loggedDoses(db, planned);
  return planned.flatMap((context) => {
    const scheduled = scheduledOf.get(context.patientId) ?? [];
    const logged = loggedOf.get(context.patientId) ?? new Set<string>();
    return [...doseCandidates(context, scheduled, logged), ...scheduled.flatMap((medication) => refillCandidate(context, medication))];
  });
}

/** The doses logged (any status) on the days looked at, per patient, as 'medication|date|time' keys. */
async function loggedDoses(db: Database, contexts: readonly PlanContext[]): Promise<Map<number, Set<string>>> {
  const { first } = daySpan(contexts.map((context) => context.firstDay));
  const { last } = daySpan(contexts.map((context) => context.today));
  const rows = await db
    .select({
      userId: medicationDoses.userId,
      medicationId: medicationDoses.medicationId,
      date: medicationDoses.scheduledDate,
      time: medicationDoses.scheduledTime,
    })
    .from(medicationDoses)
    .where(and(inArray(medicationDoses.userId, contexts.map((context) => context.patientId)), between(medicationDoses.scheduledDate, first, last)));
  const logged = new Map<number, Set<string>>();
  for (const [userId, doses] of byPatient(rows)) logged.set(userId, new Set(doses.map((row) => `${row.medicationId}|${row.date}|${row.time}`)));
  return logged;
}

/**
 * Each scheduled dose of the days looked at: 'dose-due' at its time unless it is logged already (taken early,
 * skipped), 'dose-missed' an hour later when no entry exists for it (any status: a skipped dose is logged).
 */
function doseCandidates(
  { patientId, timeZone, firstDay, today }: PlanContext,
  scheduled: readonly PlannedMedication[],
  logged: ReadonlySet<string>,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (let date = firstDay; date <= today; date = dayAfter(date, 1)) {
    for (const medication of scheduled) {
      const title = medicationTitle(medication);
      const subject = `medication:${medication.id}`;
      for (const dose of dosesOnDay(medication, date, timeZone)) {
        if (logged.has(`${medication.id}|${date}|${dose.time}`)) continue;
        const windows = doseWindows(dose.dueAt, date, timeZone);
        // Both are of the dose's due instant: one of each kind per dose.
        const occurrence = dose.dueAt.toISOString();
        candidates.push(
          { patientId, kind: 'dose-due', subject, occurrence, window: windows.due, remindAtNight: medication.remindAtNight, ...doseDueWords({ title }, dose.time) },
          { patientId, kind: 'dose-missed', subject, occurrence, window: windows.missed, ...doseMissedWords({ title }, dose.time) },
        );
      }
    }
  }
  return candidates;
}

/**
 * A refill when the supply left — the quantity on hand as last stated, less the doses logged taken since — covers
 * REFILL_LOW_DAYS days of the schedule or fewer (today's doses still to come, then each day's). Fired now; one per
 * stated supply (the occurrence is when it was stated), so stating a new quantity starts over.
 */
function refillCandidate({ patientId, timeZone, today, now }: PlanContext, medication: PlannedMedication): Candidate[] {
  if (medication.quantityOnHand === null) return [];
  const left = medication.quantityOnHand - (medication.takenSince ?? 0);
  const dosesByDay = [dosesOnDay(medication, today, timeZone).filter((dose) => dose.dueAt > now).length];
  for (let offset = 1; offset <= REFILL_LOW_DAYS; offset++) dosesByDay.push(dosesOnDay(medication, dayAfter(today, offset), timeZone).length);
  const days = daysOfSupply(left, dosesByDay);
  if (days === null) return [];
  return [
    {
      patientId,
      kind: 'refill-low',
      subject: `medication:${medication.id}`,
      occurrence: medication.updatedAt.toISOString(),
      // Found now and worth saying until it is seen: the unique row keeps it to one.
      window: { fire: now, usefulUntil: new Date(now.getTime() + 1) },
      ...refillLowWords({ title: medicationTitle(medication) }, left <= 0 ? 0 : days),
    },
  ];
}
