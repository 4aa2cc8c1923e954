// `npm run bench -- medications` (issue 32): a patient with 20 medications and two years of dose log (about 30,000
// entries), on each database. Every read the dashboard and the Medications page make, one after another for a number
// of rounds, p50 and p99 each against the goal p50 ≤ 20 ms; then Lighthouse on `/` and `/medications` of that record.
import { availableParallelism, loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { wipeData } from '../src/server/db/reset';
import { activities, appointments, medicationDoses, medications, preventativeCare } from '../src/server/db/schema/index';
import { describeActivity } from '../src/shared/rules/activities';
import { dosesOnDay, localInstant, windowDays } from '../src/shared/rules/medication-schedule';
import type { MedicationSchedule } from '../src/shared/rules/medications';
import { todayIn } from '../src/shared/rules/patient';
import { createMedicalRecord, createProvider, createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { benchLighthouse, type LighthouseFigures } from './lighthouse';
import { startServer } from './server-process';
import { seededRandom } from './stats';
import { timeReads } from './read-rounds';

/** Days of dose log, ending today. */
export const LOG_DAYS = 731;
/** Rounds of the whole set of reads (after WARM_UP rounds not counted); BENCH_ROUNDS overrides. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 100);
const WARM_UP = 10;
/** Issue 32's goal for each read. */
export const READ_GOAL_MS = 20;
/** The patient's clock: a zone with daylight saving, so the day's doses and adherence go through the zone's rules. */
const TIME_ZONE = 'Europe/Berlin';
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

interface MedicationPlan {
  name: string;
  strength: string;
  form: 'tablet' | 'capsule' | 'liquid' | 'inhaler' | 'injection' | 'drops';
  dose: string;
  reason: string;
  schedule: MedicationSchedule;
  /** Taken for this many days before today (LOG_DAYS: the whole log). */
  sinceDaysAgo?: number;
  /** Stopped this many days ago, with this reason. */
  stopped?: { daysAgo: number; reason: string };
  /** As needed: doses taken a day, on average. */
  perDay?: number;
}

const daily = (...times: string[]): MedicationSchedule => ({ kind: 'daily', times });

/**
 * Twenty medications as a patient with diabetes, Parkinson's, dry eyes and asthma might keep them: daily one to three
 * times, on certain weekdays, every few hours, as needed; three stopped (a blood-pressure pill swapped, iron after a
 * year, a ten-day antibiotic course).
 */
const PLANS: MedicationPlan[] = [
  { name: 'Metformin', strength: '500 mg', form: 'tablet', dose: '1 tablet', reason: 'Type 2 diabetes', schedule: daily('08:00', '13:00', '20:00') },
  { name: 'Lisinopril', strength: '10 mg', form: 'tablet', dose: '1 tablet', reason: 'High blood pressure', schedule: daily('08:00', '20:00') },
  { name: 'Atorvastatin', strength: '20 mg', form: 'tablet', dose: '1 tablet', reason: 'Cholesterol', schedule: daily('21:00') },
  { name: 'Levothyroxine', strength: '75 mcg', form: 'tablet', dose: '1 tablet', reason: 'Hypothyroidism', schedule: daily('06:30') },
  { name: 'Gabapentin', strength: '300 mg', form: 'capsule', dose: '1 capsule', reason: 'Nerve pain', schedule: daily('08:00', '14:00', '22:00') },
  { name: 'Apixaban', strength: '5 mg', form: 'tablet', dose: '1 tablet', reason: 'Atrial fibrillation', schedule: daily('08:00', '20:00') },
  { name: 'Calcium carbonate', strength: '500 mg', form: 'tablet', dose: '1 tablet', reason: 'Bone health', schedule: daily('08:00', '13:00', '19:00') },
  {
    name: 'Hypromellose eye drops',
    strength: '0.3%',
    form: 'drops',
    dose: '1 drop each eye',
    reason: 'Dry eyes',
    schedule: { kind: 'every-hours', everyHours: 2, firstTime: '06:00' },
  },
  {
    name: 'Carbidopa/levodopa',
    strength: '25/100 mg',
    form: 'tablet',
    dose: '1 tablet',
    reason: "Parkinson's disease",
    schedule: { kind: 'every-hours', everyHours: 3, firstTime: '06:00' },
  },
  { name: 'Insulin lispro', strength: '100 units/ml', form: 'injection', dose: '6 units', reason: 'Type 2 diabetes', schedule: daily('07:30', '12:30', '18:30') },
  { name: 'Insulin glargine', strength: '100 units/ml', form: 'injection', dose: '20 units', reason: 'Type 2 diabetes', schedule: daily('22:00') },
  { name: 'Methotrexate', strength: '2.5 mg', form: 'tablet', dose: '4 tablets', reason: 'Rheumatoid arthritis', schedule: { kind: 'weekdays', weekdays: ['mon'], times: ['08:00'] } },
  {
    name: 'Folic acid',
    strength: '5 mg',
    form: 'tablet',
    dose: '1 tablet',
    reason: 'With methotrexate',
    schedule: { kind: 'weekdays', weekdays: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'], times: ['08:00'] },
  },
  { name: 'Vitamin D3', strength: '1000 IU', form: 'capsule', dose: '1 capsule', reason: 'Low vitamin D', schedule: { kind: 'weekdays', weekdays: ['mon', 'wed', 'fri'], times: ['08:00'] } },
  { name: 'Ibuprofen', strength: '400 mg', form: 'tablet', dose: '1 tablet', reason: 'Joint pain', schedule: { kind: 'as-needed' }, perDay: 0.8 },
  { name: 'Salbutamol', strength: '100 mcg', form: 'inhaler', dose: '2 puffs', reason: 'Asthma', schedule: { kind: 'as-needed' }, perDay: 2.5 },
  { name: 'Paracetamol', strength: '500 mg', form: 'tablet', dose: '2 tablets', reason: 'Pain', schedule: { kind: 'as-needed' }, perDay: 1 },
  {
    name: 'Amlodipine',
    strength: '5 mg',
    form: 'tablet',
    dose: '1 tablet',
    reason: 'High blood pressure',
    schedule: daily('08:00'),
    stopped: { daysAgo: 400, reason: 'Ankle swelling; switched to lisinopril' },
  },
  {
    name: 'Ferrous sulfate',
    strength: '200 mg',
    form: 'tablet',
    dose: '1 tablet',
    reason: 'Iron deficiency',
    schedule: daily('08:00', '14:00', '20:00'),
    stopped: { daysAgo: 365, reason: 'Iron levels back to normal' },
  },
  {
    name: 'Amoxicillin',
    strength: '500 mg',
    form: 'capsule',
    dose: '1 capsule',
    reason: 'Chest infection',
    schedule: { kind: 'every-hours', everyHours: 8, firstTime: '06:00' },
    sinceDaysAgo: 210,
    stopped: { daysAgo: 200, reason: 'Course finished' },
  },
];

const SKIP_REASONS = ['Felt nauseous', 'Ran out', 'Doctor said to hold it', 'Fasting for a blood test'];

export interface MedicationsRecord {
  userId: number;
  medications: number;
  /** Dose entries: scheduled (taken, skipped, missed) and as needed. */
  entries: { taken: number; skipped: number; missed: number; asNeeded: number; total: number };
  /** Scheduled doses due by now that were never logged. */
  notLogged: number;
  activities: number;
  /** The medication with the longest log, and its length: the one whose log's first page is read. */
  longestLog: { medicationId: number; name: string; entries: number };
  seedMs: number;
}

type DoseRow = typeof medicationDoses.$inferInsert;

/**
 * The patient (Berlin's clock) with PLANS' medications, added on the day each was started, and their dose log up to
 * now: each scheduled dose due by now is taken (92.5 %, within a quarter of an hour before to three quarters after its
 * time, logged a minute or two after), skipped (4 %, with a reason), missed (2 %, logged the next day) or never logged
 * (1.5 %); as-needed doses at random times of day. An activity per dose taken and per medication started and stopped,
 * as the server writes them; a few appointments, care items and documents, so the dashboard's other cards have
 * something to read. Bulk inserts, a few thousand rows a statement.
 */
export async function fillMedications(backend: BenchBackend, now = new Date()): Promise<MedicationsRecord> {
  const started = performance.now();
  const random = seededRandom(32);
  const database = await backend.open();
  try {
    const db = database.db;
    await wipeData(db);
    const user = await createUser(db, {
      displayName: 'Jamie Rivera',
      firstName: 'Jamie',
      lastName: 'Rivera',
      timeZone: TIME_ZONE,
      dateOfBirth: '1956-04-12',
      sexAtBirth: 'female',
      onboardedAt: new Date(now.getTime() - LOG_DAYS * 24 * HOUR_MS),
    });
    const today = todayIn(TIME_ZONE, now);
    const days = windowDays(today, LOG_DAYS);
    /** The patient's day `daysAgo` days before today (negative: after). */
    const dayAgo = (daysAgo: number) => new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 24 * HOUR_MS).toISOString().slice(0, 10);

    // The rest of the record, as the dashboard's cards read it.
    const provider = await createProvider(db, user.id);
    await db.insert(appointments).values([
      { userId: user.id, providerId: provider.id, appointmentType: 'Diabetes review', appointmentDate: dayAgo(90), appointmentTime: '09:30', status: 'completed' },
      { userId: user.id, providerId: provider.id, appointmentType: 'Annual Physical', appointmentDate: dayAgo(30), appointmentTime: '10:00', status: 'completed' },
      { userId: user.id, providerId: provider.id, appointmentType: 'Diabetes review', appointmentDate: dayAgo(-20), appointmentTime: '09:30', status: 'scheduled' },
    ]);
    await db.insert(preventativeCare).values(
      ['Blood Pressure Check', 'Eye Exam', 'Flu Shot', 'Bone Density Scan', 'Colonoscopy'].map((careName, n) => ({
        userId: user.id,
        careName,
        dueDate: dayAgo(60 - n * 40),
        status: n < 2 ? ('completed' as const) : ('upcoming' as const),
      })),
    );
    for (let n = 0; n < 12; n++) await createMedicalRecord(db, user.id, { filename: `Lab report ${n + 1}.pdf`, uploadDate: new Date(now.getTime() - n * 60 * 24 * HOUR_MS) });

    const rows = await db
      .insert(medications)
      .values(
        PLANS.map((plan) => {
          const startDate = dayAgo((plan.sinceDaysAgo ?? LOG_DAYS) - 1);
          const createdAt = localInstant(startDate, '09:00', TIME_ZONE);
          return {
            userId: user.id,
            name: plan.name,
            strength: plan.strength,
            form: plan.form,
            dose: plan.dose,
            reason: plan.reason,
            prescriber: 'Dr. Ada Park',
            providerId: provider.id,
            startDate,
            schedule: plan.schedule,
            status: plan.stopped ? ('stopped' as const) : ('active' as const),
            stoppedOn: plan.stopped ? dayAgo(plan.stopped.daysAgo) : null,
            stopReason: plan.stopped?.reason ?? null,
            createdAt,
            updatedAt: plan.stopped ? localInstant(dayAgo(plan.stopped.daysAgo), '09:00', TIME_ZONE) : createdAt,
          };
        }),
      )
      .returning();

    const doses: DoseRow[] = [];
    const entries = { taken: 0, skipped: 0, missed: 0, asNeeded: 0, total: 0 };
    let notLogged = 0;
    const perMedication = new Map<number, number>();
    const atMostNow = (instant: number) => new Date(Math.min(instant, now.getTime()));
    for (const [index, medication] of rows.entries()) {
      const plan = PLANS[index]!;
      for (const day of days) {
        for (const due of dosesOnDay(medication, day, TIME_ZONE)) {
          if (due.dueAt > now) continue;
          const dueMs = due.dueAt.getTime();
          const draw = random();
          const base = { userId: user.id, medicationId: medication.id, scheduledDate: day, scheduledTime: due.time };
          if (draw < 0.015) {
            notLogged++;
            continue;
          } else if (draw < 0.035) {
            doses.push({ ...base, status: 'missed', reason: random() < 0.5 ? 'Forgot' : null, loggedAt: atMostNow(dueMs + (12 + random() * 10) * HOUR_MS) });
            entries.missed++;
          } else if (draw < 0.075) {
            const reason = SKIP_REASONS[Math.floor(random() * SKIP_REASONS.length)]!;
            doses.push({ ...base, status: 'skipped', reason, loggedAt: atMostNow(dueMs + random() * 30 * MINUTE_MS) });
            entries.skipped++;
          } else {
            const takenAt = atMostNow(dueMs + (-15 + random() * 60) * MINUTE_MS);
            doses.push({ ...base, status: 'taken', takenAt, loggedAt: atMostNow(takenAt.getTime() + random() * 3 * MINUTE_MS) });
            entries.taken++;
          }
          perMedication.set(medication.id, (perMedication.get(medication.id) ?? 0) + 1);
        }
        if (plan.perDay) {
          // Poisson-like: up to four doses a day, each with the chance that gives the average.
          for (let n = 0; n < 4; n++) {
            if (random() >= plan.perDay / 4) continue;
            const minutes = 7 * 60 + Math.floor(random() * 16 * 60);
            const takenAt = localInstant(day, `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, TIME_ZONE);
            if (takenAt > now) continue;
            doses.push({ userId: user.id, medicationId: medication.id, status: 'taken', takenAt, loggedAt: atMostNow(takenAt.getTime() + random() * 2 * MINUTE_MS) });
            entries.asNeeded++;
            perMedication.set(medication.id, (perMedication.get(medication.id) ?? 0) + 1);
          }
        }
      }
    }
    entries.total = doses.length;
    // 2,000 rows of 8 columns a statement: well within PostgreSQL's 65,535 parameters.
    for (let from = 0; from < doses.length; from += 2000) await db.insert(medicationDoses).values(doses.slice(from, from + 2000));

    // The feed as the server writes it: Started, Stopped, and a 'Dose … logged' for every dose taken.
    await db.insert(activities).values(
      rows.flatMap((medication) => [
        { userId: user.id, ...describeActivity('medication_started', { name: medication.name }), relatedItemId: medication.id, timestamp: medication.createdAt },
        ...(medication.stoppedOn
          ? [{ userId: user.id, ...describeActivity('medication_stopped', { name: medication.name }), relatedItemId: medication.id, timestamp: medication.updatedAt }]
          : []),
      ]),
    );
    for (const medication of rows) {
      const { activityType, iconType, description } = describeActivity('dose_logged', { name: medication.name });
      await db.execute(sql`
        insert into activities (user_id, activity_type, icon_type, description, related_item_id, timestamp)
        select user_id, ${activityType}, ${iconType}, ${description}, id, logged_at
        from medication_doses where medication_id = ${medication.id} and status = 'taken'`);
    }
    const [{ count: activityCount } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(activities).where(eq(activities.userId, user.id));

    // The statistics a running server has (see fillLifetime): autovacuum, or the server on PGlite a minute after start.
    await db.execute(sql`analyze`);
    const [longestId, longestCount] = [...perMedication.entries()].sort((a, b) => b[1] - a[1])[0]!;
    return {
      userId: user.id,
      medications: rows.length,
      entries,
      notLogged,
      activities: activityCount,
      longestLog: { medicationId: longestId, name: rows.find((row) => row.id === longestId)!.name, entries: longestCount },
      seedMs: performance.now() - started,
    };
  } finally {
    await database.close();
  }
}

export interface ReadFigures {
  /** Which screen makes the read: the app's shell (every screen), the dashboard, the Medications page, or neither. */
  screen: 'shell' | 'dashboard' | 'medications' | 'other';
  label: string;
  path: string;
  p50: number;
  p99: number;
  /** The answer's body, uncompressed, in KB of 1,000 bytes. */
  kilobytes: number;
}

export interface MedicationsFigures {
  record: MedicationsRecord;
  rounds: number;
  reads: ReadFigures[];
  /** The machine's load average (1, 5, 15 minutes) as the reads began and as they ended: others share this machine. */
  load: { before: number[]; after: number[] };
  lighthouse?: LighthouseFigures;
}

/** Every read of `/` and `/medications`, as their code asks for them (the web's lib/api modules), with a past day's doses. */
function readsOf(record: MedicationsRecord, pastDay: string): Omit<ReadFigures, 'p50' | 'p99' | 'kilobytes'>[] {
  const id = record.userId;
  const log = record.longestLog;
  return [
    { screen: 'shell', label: 'session (the gate)', path: '/api/session' },
    { screen: 'shell', label: 'setup (first-run check)', path: '/api/setup' },
    { screen: 'shell', label: 'the patient (header, greeting, clock)', path: `/api/users/${id}` },
    { screen: 'dashboard', label: 'summary card: documents', path: `/api/medical-records/${id}/summary` },
    { screen: 'dashboard', label: 'summary card: appointments', path: `/api/appointments/${id}` },
    { screen: 'dashboard', label: 'summary and timeline cards: care', path: `/api/preventative-care/${id}` },
    { screen: 'dashboard', label: 'recent activity (3)', path: `/api/activities/${id}?limit=3` },
    { screen: 'dashboard', label: "today's doses", path: `/api/medications/doses/${id}` },
    { screen: 'medications', label: 'the list', path: `/api/medications/${id}` },
    { screen: 'medications', label: 'adherence (7 and 30 days)', path: `/api/medications/adherence/${id}` },
    { screen: 'medications', label: `dose log, first page (${log.name}, ${log.entries.toLocaleString('en')} entries)`, path: `/api/medications/${log.medicationId}/doses?limit=10` },
    { screen: 'other', label: 'a past day\'s doses (?date=, a year ago)', path: `/api/medications/doses/${id}?date=${pastDay}` },
  ];
}

/**
 * Seeds the record, starts the server on it and reads each of readsOf's paths in turn, WARM_UP rounds not counted
 * then ROUNDS rounds, one request at a time (as one browser would, without its parallelism); then, when `lighthouse`,
 * Lighthouse on `/` and `/medications`.
 */
export async function benchMedications(backend: BenchBackend, { lighthouse = false } = {}): Promise<MedicationsFigures> {
  const record = await fillMedications(backend);
  const pastDay = windowDays(todayIn(TIME_ZONE), 366)[0]!;
  const reads = readsOf(record, pastDay);
  const server = await startServer(backend.serverEnv);
  try {
    const loadBefore = loadavg();
    const timed = await timeReads(server.url, reads, ROUNDS, WARM_UP);
    const figures: MedicationsFigures = {
      record,
      rounds: ROUNDS,
      load: { before: loadBefore, after: loadavg() },
      reads: timed,
    };
    if (lighthouse) figures.lighthouse = await benchLighthouse(server.url, ['/', '/medications']);
    return figures;
  } finally {
    await server.stop();
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The record, then a line per read with its goal, then the verdict over all of them. */
export function medicationsLines(label: string, figures: MedicationsFigures): string[] {
  const { record } = figures;
  const { entries } = record;
  const lines = [
    `${record.medications} medications (${PLANS.filter((plan) => plan.stopped).length} stopped), ${entries.total.toLocaleString('en')} dose entries over ${LOG_DAYS} days ` +
      `(${entries.taken.toLocaleString('en')} taken, ${entries.skipped.toLocaleString('en')} skipped, ${entries.missed.toLocaleString('en')} missed, ` +
      `${entries.asNeeded.toLocaleString('en')} as needed; ${record.notLogged.toLocaleString('en')} due doses not logged), ` +
      `${record.activities.toLocaleString('en')} activities; seeded in ${fixed(record.seedMs / 1000)} s`,
    `Each read in turn, one request at a time, ${figures.rounds} rounds after ${WARM_UP} not counted (${label}):`,
  ];
  const width = Math.max(...figures.reads.map((read) => read.label.length));
  for (const read of figures.reads) {
    const goal = read.screen === 'other' ? '' : `; goal p50 ≤ ${READ_GOAL_MS} ms: ${read.p50 <= READ_GOAL_MS ? 'met' : 'NOT met'}`;
    lines.push(
      `  ${read.screen.padEnd(11)} ${read.label.padEnd(width)}  p50 ${fixed(read.p50).padStart(5)} ms, p99 ${fixed(read.p99).padStart(5)} ms, ` +
        `${fixed(read.kilobytes)} KB${goal}   GET ${read.path}`,
    );
  }
  const judged = figures.reads.filter((read) => read.screen !== 'other');
  const missed = judged.filter((read) => read.p50 > READ_GOAL_MS);
  const load = (values: number[]) => values.map((value) => fixed(value, 2)).join(', ');
  lines.push(`  load average (1, 5, 15 min; ${availableParallelism()} CPUs): ${load(figures.load.before)} as the reads began, ${load(figures.load.after)} as they ended`);
  lines.push(
    `  every read of / and /medications p50 ≤ ${READ_GOAL_MS} ms: ${missed.length === 0 ? 'met' : `NOT met (${missed.map((read) => read.label).join('; ')})`}`,
  );
  return lines;
}
