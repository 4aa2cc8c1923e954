import { and, between, eq, inArray, isNotNull, lte, not, sql } from 'drizzle-orm';
import { addDays, format, parseISO } from 'date-fns';
import { dueSoonUntil } from '../../../shared/rules/care';
import { dosesOnDay } from '../../../shared/rules/medication-schedule';
import { medicationTitle } from '../../../shared/rules/medications';
import {
  appointmentWords,
  careDigestWords,
  doseDueWords,
  doseMissedWords,
  refillLowWords,
  type NotificationWords,
} from '../../../shared/rules/notification-text';
import { REFILL_LOW_DAYS, type NotificationKind } from '../../../shared/rules/notifications';
import { knownTimeZone, todayIn } from '../../../shared/rules/patient';
import {
  appointmentStart,
  appointmentWindows,
  doseWindows,
  LOOKBACK_DAYS,
  verdictOf,
  weeklyDigestWindow,
  type ReminderWindow,
} from '../../../shared/rules/reminder-times';
import { TIME_PREFERENCES } from '../../../shared/rules/statuses';
import type { Patient } from '../../core/patient';
import type { Database } from '../../db/client';
import { appointments, medicationDoses, medications, notifications, preventativeCare, providers, users } from '../../db/schema/index';
import { writeNotification } from './write-notification';

/** One reminder the data calls for: what it is, its words, and when it fires and stops being useful. */
interface Candidate extends NotificationWords {
  kind: NotificationKind;
  subject: string;
  occurrence: string;
  window: ReminderWindow;
  remindAtNight?: boolean;
}

const DAY_MS = 86_400_000;
const day = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

/** The patients whose reminders are computed: every patient but the seeded demo, whose three notifications are seeded. */
export async function patientsToPlan(db: Database): Promise<Patient[]> {
  return db.select({ id: users.id }).from(users).where(not(users.isDemo)).orderBy(users.id);
}

/**
 * Writes one patient's reminders that are due at `now` (issue 33): from their scheduled appointments, their
 * medications' schedules and dose log, and their care items, on their clock. `since`: when they were last computed
 * (null: never — then nothing is written as missed). A handful of indexed queries, whatever the patient's history:
 * only the days around now are read. Returns how many notifications were written.
 */
export async function planReminders(db: Database, patient: Patient, { since, now }: { since: Date | null; now: Date }): Promise<number> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, patient.id));
  if (!user) return 0;
  const timeZone = knownTimeZone(user.timeZone);
  const today = todayIn(timeZone, now);
  // Looked back over: the downtime (at most a week), and at least the day before, where a live reminder may have
  // fired (an appointment's day-before reminder, a dose not logged since yesterday evening).
  const from = new Date(Math.min(now.getTime() - DAY_MS, Math.max(since?.getTime() ?? now.getTime(), now.getTime() - LOOKBACK_DAYS * DAY_MS)));
  const firstDay = todayIn(timeZone, from);

  const candidates = [
    ...(await appointmentCandidates(db, patient, timeZone, firstDay, today, now)),
    ...(await doseCandidates(db, patient, timeZone, firstDay, today)),
    ...(await refillCandidates(db, patient, timeZone, today, now)),
    ...(await careDigestCandidates(db, patient, timeZone, today)),
  ];
  const due = candidates
    .map((candidate) => ({ candidate, verdict: verdictOf(candidate.window, now, since) }))
    .filter(({ verdict }) => verdict === 'live' || verdict === 'missed');
  if (due.length === 0) return 0;

  // What is written already is not written again (the unique row would refuse it; this spares the attempt).
  const written = new Set(
    (
      await db
        .select({ kind: notifications.kind, subject: notifications.subject, occurrence: notifications.occurrence })
        .from(notifications)
        .where(and(eq(notifications.userId, patient.id), inArray(notifications.subject, [...new Set(due.map(({ candidate }) => candidate.subject))])))
    ).map((row) => `${row.kind}|${row.subject}|${row.occurrence}`),
  );
  let count = 0;
  for (const { candidate, verdict } of due) {
    if (written.has(`${candidate.kind}|${candidate.subject}|${candidate.occurrence}`)) continue;
    const id = await writeNotification(db, patient, {
      kind: candidate.kind,
      subject: candidate.subject,
      occurrence: candidate.occurrence,
      title: candidate.title,
      discreetText: candidate.discreetText,
      link: candidate.link,
      at: candidate.window.fire,
      missed: verdict === 'missed',
      remindAtNight: candidate.remindAtNight ?? false,
    });
    if (id !== null) count++;
  }
  return count;
}

/** Scheduled appointments from the first day looked at to the day after tomorrow: the day before, and two hours before. */
async function appointmentCandidates(db: Database, patient: Patient, timeZone: string | null, firstDay: string, today: string, now: Date): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: appointments.id,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
      type: appointments.appointmentType,
      providerName: providers.name,
    })
    .from(appointments)
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .where(and(eq(appointments.userId, patient.id), eq(appointments.status, 'scheduled'), between(appointments.appointmentDate, firstDay, day(today, 2))));
  return rows.flatMap((row) => {
    const start = appointmentStart(row.date, row.time, timeZone);
    const preference = TIME_PREFERENCES.find((p) => p === row.time);
    const words = appointmentWords({ start, providerName: row.providerName, type: row.type, preference }, timeZone, now);
    const windows = appointmentWindows(start);
    const subject = `appointment:${row.id}`;
    // The start is the occurrence: an appointment moved to another time is reminded again, at the new time.
    const occurrence = start.toISOString();
    return [
      { kind: 'appointment-tomorrow' as const, subject, occurrence, window: windows.tomorrow, ...words },
      { kind: 'appointment-soon' as const, subject, occurrence, window: windows.soon, ...words },
    ];
  });
}

/** Each scheduled dose of the days looked at: due, and not logged an hour later. */
async function doseCandidates(db: Database, patient: Patient, timeZone: string | null, firstDay: string, today: string): Promise<Candidate[]> {
  const meds = await db
    .select({
      id: medications.id,
      name: medications.name,
      strength: medications.strength,
      schedule: medications.schedule,
      startDate: medications.startDate,
      endDate: medications.endDate,
      status: medications.status,
      pausedOn: medications.pausedOn,
      stoppedOn: medications.stoppedOn,
      remindAtNight: medications.remindAtNight,
    })
    .from(medications)
    .where(and(eq(medications.userId, patient.id), not(eq(medications.status, 'stopped'))));
  const scheduled = meds.filter((medication) => medication.schedule.kind !== 'as-needed');
  if (scheduled.length === 0) return [];
  const logged = new Set(
    (
      await db
        .select({ medicationId: medicationDoses.medicationId, date: medicationDoses.scheduledDate, time: medicationDoses.scheduledTime })
        .from(medicationDoses)
        .where(and(eq(medicationDoses.userId, patient.id), between(medicationDoses.scheduledDate, firstDay, today)))
    ).map((row) => `${row.medicationId}|${row.date}|${row.time}`),
  );
  const candidates: Candidate[] = [];
  for (let date = firstDay; date <= today; date = day(date, 1)) {
    for (const medication of scheduled) {
      const title = medicationTitle(medication);
      for (const dose of dosesOnDay(medication, date, timeZone)) {
        const windows = doseWindows(dose.dueAt, date, timeZone);
        const subject = `medication:${medication.id}`;
        const occurrence = dose.dueAt.toISOString();
        candidates.push({ kind: 'dose-due', subject, occurrence, window: windows.due, remindAtNight: medication.remindAtNight, ...doseDueWords({ title }, dose.time) });
        if (!logged.has(`${medication.id}|${date}|${dose.time}`)) {
          candidates.push({ kind: 'dose-missed', subject, occurrence, window: windows.missed, ...doseMissedWords({ title }, dose.time) });
        }
      }
    }
  }
  return candidates;
}

/**
 * A current medication whose supply left covers REFILL_LOW_DAYS of its schedule or fewer: the quantity on hand as the
 * patient last stated it, less the doses logged taken since. One reminder per stated supply.
 */
async function refillCandidates(db: Database, patient: Patient, timeZone: string | null, today: string, now: Date): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: medications.id,
      name: medications.name,
      strength: medications.strength,
      schedule: medications.schedule,
      startDate: medications.startDate,
      endDate: medications.endDate,
      status: medications.status,
      pausedOn: medications.pausedOn,
      stoppedOn: medications.stoppedOn,
      quantityOnHand: medications.quantityOnHand,
      updatedAt: medications.updatedAt,
      takenSince: sql<number>`(select count(*)::int from ${medicationDoses} d where d.medication_id = ${medications.id} and d.status = 'taken' and d.taken_at >= ${medications.updatedAt})`,
    })
    .from(medications)
    .where(and(eq(medications.userId, patient.id), eq(medications.status, 'active'), isNotNull(medications.quantityOnHand)));
  return rows.flatMap((medication) => {
    let dosesAWeek = 0;
    for (let offset = 0; offset < 7; offset++) dosesAWeek += dosesOnDay(medication, day(today, offset), timeZone).length;
    if (dosesAWeek === 0) return [];
    const left = medication.quantityOnHand! - medication.takenSince;
    const perDay = dosesAWeek / 7;
    if (left > perDay * REFILL_LOW_DAYS) return [];
    const window = { fire: now, usefulUntil: new Date(now.getTime() + DAY_MS) };
    return [
      {
        kind: 'refill-low' as const,
        subject: `medication:${medication.id}`,
        occurrence: medication.updatedAt.toISOString(),
        window,
        ...refillLowWords({ title: medicationTitle(medication) }, Math.max(0, Math.floor(left / perDay))),
      },
    ];
  });
}

/** The week's digest of care items overdue or due soon, when there is any: one a week, never one per item per day. */
async function careDigestCandidates(db: Database, patient: Patient, timeZone: string | null, today: string): Promise<Candidate[]> {
  const [counts] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${preventativeCare.dueDate} < ${today})::int`,
      dueSoon: sql<number>`count(*) filter (where ${preventativeCare.dueDate} >= ${today})::int`,
    })
    .from(preventativeCare)
    .where(and(eq(preventativeCare.userId, patient.id), eq(preventativeCare.status, 'upcoming'), lte(preventativeCare.dueDate, dueSoonUntil(today))));
  if (!counts || counts.overdue + counts.dueSoon === 0) return [];
  const { monday, window } = weeklyDigestWindow(today, timeZone);
  return [{ kind: 'care-digest', subject: 'care', occurrence: monday, window, ...careDigestWords(counts) }];
}

