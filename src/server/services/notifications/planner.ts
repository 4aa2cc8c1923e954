import { and, inArray, not } from 'drizzle-orm';
import { knownTimeZone, todayIn } from '../../../shared/rules/patient';
import { lookback, verdictOf } from '../../../shared/rules/reminder-times';
import type { Patient } from '../../core/patient';
import type { Database } from '../../db/client';
import { notifications, users } from '../../db/schema/index';
import { appointmentCandidates } from './plan-appointments';
import type { Candidate, PlanContext } from './plan-candidate';
import { careDigestCandidates } from './plan-care';
import { medicationCandidates } from './plan-medications';
import { writePatientsNotifications, type PatientDraft } from './write-notification';

/**
 * Whether a patient's reminders are computed: not the seeded demo's, whose three notifications are seeded, nor those of
 * a patient who has died (issue 34: a record imported from a hospital may be one). `patientsToPlan` asks it in SQL.
 */
export const getsReminders = (user: { isDemo: boolean; deceased: boolean }) => !user.isDemo && !user.deceased;

/** The patients whose reminders are computed (getsReminders), in one query. */
export async function patientsToPlan(db: Database): Promise<Patient[]> {
  return db.select({ id: users.id }).from(users).where(and(not(users.isDemo), not(users.deceased))).orderBy(users.id);
}

/** A patient to compute reminders for, and when they were last computed (null: never). */
export interface PlanTarget {
  patient: Patient;
  since: Date | null;
}

/**
 * Writes the reminders due at `now` of the patients given (issue 33, ADR 23), computed from their scheduled
 * appointments, their active medications' schedules and dose log, and their care items, each on their own clock
 * (users.time_zone, or the machine's). `since`: when a patient was last computed (null: never — then nothing is marked
 * missed, only what is still useful is written). Each reminder has a fire time and a "useful until"
 * (rules/reminder-times.ts): due and useful, it is written as of its fire time; fired since `since` but no longer
 * useful (the app was down), it is written missed (shown, never sent); written before, nothing (the unique row).
 * `inAppOnly`: everything written is shown in the app and never sent (after a restore, what is due now went out before).
 * Nothing is computed for the future. Runs every minute over every patient, so it is set-based: a handful of indexed
 * queries for all the patients given, whatever their number, reading only the days looked at. Returns how many were
 * written.
 */
export async function planPatients(db: Database, targets: readonly PlanTarget[], now: Date, { inAppOnly = false } = {}): Promise<number> {
  if (targets.length === 0) return 0;
  const zones = new Map(
    (await db.select({ id: users.id, timeZone: users.timeZone }).from(users).where(inArray(users.id, targets.map((target) => target.patient.id)))).map(
      (row) => [row.id, knownTimeZone(row.timeZone)],
    ),
  );
  const missedAfterOf = new Map<number, Date | null>();
  const contexts: PlanContext[] = targets.flatMap(({ patient, since }) => {
    const timeZone = zones.get(patient.id);
    // A patient no longer there has nothing to remind of.
    if (timeZone === undefined) return [];
    const { from, missedAfter } = lookback(since, now);
    missedAfterOf.set(patient.id, missedAfter);
    return [{ patientId: patient.id, timeZone, firstDay: todayIn(timeZone, from), today: todayIn(timeZone, now), now }];
  });

  // One query after another: `db` may be a transaction (a restore), which is one connection.
  const candidates = [
    ...(await appointmentCandidates(db, contexts)),
    ...(await medicationCandidates(db, contexts)),
    ...(await careDigestCandidates(db, contexts)),
  ];
  const due = candidates.flatMap((candidate) => {
    const verdict = verdictOf(candidate.window, now, missedAfterOf.get(candidate.patientId) ?? null);
    return verdict === 'live' || verdict === 'missed' ? [{ candidate, missed: verdict === 'missed' }] : [];
  });
  if (due.length === 0) return 0;

  const written = await writtenAlready(db, due.map(({ candidate }) => candidate));
  const drafts: PatientDraft[] = due
    .filter(({ candidate }) => !written.has(keyOf(candidate)))
    .map(({ candidate, missed }) => ({
      patientId: candidate.patientId,
      kind: candidate.kind,
      subject: candidate.subject,
      occurrence: candidate.occurrence,
      title: candidate.title,
      discreetText: candidate.discreetText,
      link: candidate.link,
      at: candidate.window.fire,
      missed,
      remindAtNight: candidate.remindAtNight ?? false,
      inAppOnly,
    }));
  return (await writePatientsNotifications(db, drafts)).length;
}

/**
 * One patient's reminders (planPatients): after a change to their appointments or medications, after a restore, and
 * in the tests. `inAppOnly`: written shown in the app but never sent beyond it.
 */
export function planReminders(
  db: Database,
  patient: Patient,
  { since, now, inAppOnly = false }: { since: Date | null; now: Date; inAppOnly?: boolean },
): Promise<number> {
  return planPatients(db, [{ patient, since }], now, { inAppOnly });
}

const keyOf = (row: { patientId: number; kind: string; subject: string; occurrence: string }) => `${row.patientId}|${row.kind}|${row.subject}|${row.occurrence}`;

/**
 * Which of these reminders are written already: they are not attempted again (the unique row would refuse them; this
 * spares writing them every minute they stay useful). Read through the unique index, narrowed to these patients,
 * kinds, subjects and occurrences.
 */
async function writtenAlready(db: Database, candidates: readonly Candidate[]): Promise<Set<string>> {
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const rows = await db
    .select({ patientId: notifications.userId, kind: notifications.kind, subject: notifications.subject, occurrence: notifications.occurrence })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, distinct(candidates.map((candidate) => candidate.patientId))),
        inArray(notifications.kind, distinct(candidates.map((candidate) => candidate.kind))),
        inArray(notifications.subject, distinct(candidates.map((candidate) => candidate.subject))),
        inArray(notifications.occurrence, distinct(candidates.map((candidate) => candidate.occurrence))),
      ),
    );
  return new Set(rows.map(keyOf));
}
