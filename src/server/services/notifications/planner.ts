import { and, eq, inArray, not } from 'drizzle-orm';
import { knownTimeZone, todayIn } from '../../../shared/rules/patient';
import { lookback, verdictOf } from '../../../shared/rules/reminder-times';
import type { Patient } from '../../core/patient';
import type { Database } from '../../db/client';
import { notifications, users } from '../../db/schema/index';
import { appointmentCandidates } from './plan-appointments';
import type { PlanContext } from './plan-candidate';
import { careDigestCandidates } from './plan-care';
import { medicationCandidates } from './plan-medications';
import { writeNotifications } from './write-notification';

/** The patients whose reminders are computed: every patient but the seeded demo, whose three notifications are seeded. */
export async function patientsToPlan(db: Database): Promise<Patient[]> {
  return db.select({ id: users.id }).from(users).where(not(users.isDemo)).orderBy(users.id);
}

/**
 * Writes the reminders of one patient that are due at `now` (issue 33, ADR 23), computed from their scheduled
 * appointments, their active medications' schedules and dose log, and their care items, on their clock (users.time_zone,
 * or the machine's). `since`: when this patient was last planned (null: never — then nothing is marked missed, only
 * what is still useful is written). Each reminder has a fire time and a "useful until" (rules/reminder-times.ts): due
 * and useful, it is written as of its fire time; fired since `since` but no longer useful (the app was down), it is
 * written missed (shown, never sent); written before, nothing (the unique row). Nothing is computed for the future.
 * Runs every minute: a handful of indexed queries, reading only the days looked at. Returns how many were written.
 */
export async function planReminders(db: Database, patient: Patient, { since, now }: { since: Date | null; now: Date }): Promise<number> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, patient.id));
  if (!user) return 0;
  const timeZone = knownTimeZone(user.timeZone);
  const { from, missedAfter } = lookback(since, now);
  const context: PlanContext = { db, patient, timeZone, firstDay: todayIn(timeZone, from), today: todayIn(timeZone, now), now };

  const candidates = (await Promise.all([appointmentCandidates(context), medicationCandidates(context), careDigestCandidates(context)])).flat();
  const due = candidates.flatMap((candidate) => {
    const verdict = verdictOf(candidate.window, now, missedAfter);
    return verdict === 'live' || verdict === 'missed' ? [{ candidate, missed: verdict === 'missed' }] : [];
  });
  if (due.length === 0) return 0;

  // What is written already is not attempted again (the unique row would refuse it; this spares a query each, every
  // minute). Read through the unique index, narrowed to these kinds, subjects and occurrences.
  const keyOf = (row: { kind: string; subject: string; occurrence: string }) => `${row.kind}|${row.subject}|${row.occurrence}`;
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const written = new Set(
    (
      await db
        .select({ kind: notifications.kind, subject: notifications.subject, occurrence: notifications.occurrence })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, patient.id),
            inArray(notifications.kind, distinct(due.map(({ candidate }) => candidate.kind))),
            inArray(notifications.subject, distinct(due.map(({ candidate }) => candidate.subject))),
            inArray(notifications.occurrence, distinct(due.map(({ candidate }) => candidate.occurrence))),
          ),
        )
    ).map(keyOf),
  );

  const drafts = due
    .filter(({ candidate }) => !written.has(keyOf(candidate)))
    .map(({ candidate, missed }) => ({
      kind: candidate.kind,
      subject: candidate.subject,
      occurrence: candidate.occurrence,
      title: candidate.title,
      discreetText: candidate.discreetText,
      link: candidate.link,
      at: candidate.window.fire,
      missed,
      remindAtNight: candidate.remindAtNight ?? false,
    }));
  const count = (await writeNotifications(db, patient, drafts)).length;
  return count;
}
