import { format, parseISO } from 'date-fns';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Observation } from '../../../shared/contracts/observations';
import { formatAppointmentTime, UNKNOWN_PROVIDER } from '../../../shared/rules/appointment-display';
import { CARE_DISPLAY, careStanding, todayOfPatient, type CareStanding } from '../../../shared/rules/care';
import { formatDollars, percentOf } from '../../../shared/rules/formats';
import type { MeasureKind } from '../../../shared/rules/measures';
import { numberWords, rangeWords, valueWords, type ObservationFlag } from '../../../shared/rules/observations';
import { clockIn, todayIn } from '../../../shared/rules/patient';
import { isPastMedication, type DoseStatus, type MedicationForm, type ScheduledMedication } from '../../../shared/rules/medications';
import { TIME_PREFERENCES } from '../../../shared/rules/statuses';
import type { Database } from '../../db/client';
import { appointments, insuranceBenefits, insurancePlans, medicalRecords, medications, observations, preventativeCare, providers, users } from '../../db/schema/index';
import { ownRows, type Patient } from '../../core/patient';
import { knownMeasure, unitSymbol } from '../../observations/stored-reading';
import { shownIn } from '../../observations/units';
import { appointmentOrder } from '../appointments';
import { dosesOfDay } from '../medication-doses';
import { latestObservations, unitSystemOf } from '../observations';
import { patientTimeZone } from '../users';
import { readProfileLines } from '../profile-lines';
import { doseState, doseTitle, medicationLine, medicationTitle, refillsWords } from './medication-words';
import { FLAG_WORDS } from './reading-words';

/** How many scheduled appointments the assistant knows ahead: the next one, and a couple after it. */
const NEXT_APPOINTMENTS = 3;
/** How many completed care items it knows: the most recent; older rounds of recurring care add nothing. */
const RECENT_COMPLETED_CARE = 5;
/** How many past (stopped or ended) medications it knows: the most recently stopped; the Medications page has all. */
const PAST_MEDICATIONS = 10;
/** How many readings of a measure it knows before the newest: what a trend compares when recent months have few. */
const EARLIER_READINGS = 5;
/** A trend compares the mean of the readings of the last this many days with the mean of the same span before it. */
export const TREND_DAYS = 30;

export interface AppointmentFact {
  type: string;
  /** The provider's name, or 'Unknown Provider' as the app shows it when the appointment names none of theirs. */
  providerName: string;
  providerSpecialty: string | null;
  /** 'yyyy-MM-dd' */
  date: string;
  /** As stored: 'HH:mm', or a preference ('morning', 'afternoon', 'evening', 'any'). */
  time: string;
}

export interface CareFact {
  name: string;
  /** 'yyyy-MM-dd' */
  dueDate: string;
  /** Where it stands on the patient's today, by the app's one rule (rules/care.ts). */
  status: CareStanding;
  /** 'yyyy-MM-dd', or null when never completed. */
  lastCompleted: string | null;
}

export interface BenefitFact {
  serviceName: string;
  inNetworkCoverage: string;
  outOfNetworkCoverage: string;
}

export interface PlanFact {
  provider: string;
  planType: string;
  /** False when the patient has plans but none marked primary: then the first of them is described. */
  isPrimary: boolean;
  deductible: number;
  deductibleMet: number;
  outOfPocketMax: number;
  outOfPocketMet: number;
  benefits: BenefitFact[];
}

export interface RecordFact {
  filename: string;
  description: string | null;
  /** The day it was uploaded, 'yyyy-MM-dd' in the patient's time zone. */
  uploadDate: string;
}

/**
 * One medication of the patient's Medications list, with what the schedule rules need (ScheduledMedication: its id,
 * schedule, days and status), so that an answer can say which days and times it is due.
 */
export interface MedicationFact extends ScheduledMedication {
  name: string;
  strength: string | null;
  form: MedicationForm | null;
  /** Per intake: '1 tablet', '2 puffs'. */
  dose: string | null;
  instructions: string | null;
  reason: string | null;
  pharmacy: string | null;
  stopReason: string | null;
  refillsLeft: number | null;
  quantityOnHand: number | null;
}

/**
 * One dose of the patient's today and what the log says of it: a scheduled dose (its clock time) taken, skipped,
 * missed or not logged (null), or an as-needed dose taken (no time).
 */
export interface DoseFact {
  medicationId: number;
  name: string;
  strength: string | null;
  dose: string | null;
  /** 'HH:mm' on the patient's clock, as the schedule gives it; null for an as-needed dose. */
  time: string | null;
  logged: DoseStatus | null;
  /** When it was taken, 'HH:mm' on the patient's clock ('23:50 on November 21' when on another day); null unless taken. */
  takenAt: string | null;
  /** Why it was skipped or missed. */
  reason: string | null;
}

/**
 * The newest reading of one measure the patient has (issue 35: a vital sign or a lab result), as the Vitals and Lab
 * Results pages show it: in the patient's units (metric or US), with its flag against its range.
 */
export interface ReadingFact {
  /** The measure's LOINC code (rules/measures.ts). */
  code: string;
  /** The measure's name, as the pages show it: 'Hemoglobin A1c'. */
  name: string;
  kind: MeasureKind;
  /** The patient's day it was taken on, 'yyyy-MM-dd' in their time zone. */
  date: string;
  /** The number (blood pressure's systolic) in the patient's units, rounded as the pages show it; null for words. */
  number: number | null;
  /** Blood pressure's diastolic. */
  second: number | null;
  /** The value as the answers write it: '6.1 %', '138/88 mmHg', '<5 mg/L', 'negative'. */
  value: string;
  flag: ObservationFlag | null;
  /** The range the flag is from, in the patient's units: '4–5.6 %', '99 mg/dL or less'; null when there is none. */
  range: string | null;
  /** The range is the one the lab sent with the result, not the usual adult range of the measures table. */
  labRange: boolean;
}

/** One earlier reading with a number, in the patient's units. */
export interface ReadingPoint {
  /** 'yyyy-MM-dd' in the patient's time zone. */
  date: string;
  number: number;
  second: number | null;
}

/** The readings with a number over a span of days: how many, and their mean in the patient's units. */
export interface ReadingMean {
  count: number;
  number: number;
  second: number | null;
}

/** One measure the patient has readings of: the newest, and what the answer to "is it going up?" compares. */
export interface MeasureReadings {
  latest: ReadingFact;
  /** The unit's symbol in the patient's units ('mg/dL', 'lb'); null for a score or a ratio. */
  unit: string | null;
  /** Decimals a shown value keeps (rules/measures.ts). */
  decimals: number;
  /** The readings with a number before the newest, newest first, EARLIER_READINGS at most. */
  earlier: ReadingPoint[];
  /** The readings with a number in the last TREND_DAYS days, and in the TREND_DAYS days before them; null for none. */
  recentMean: ReadingMean | null;
  previousMean: ReadingMean | null;
}

/** What the assistant knows about one patient: their own rows, read for one question. */
export interface PatientFacts {
  /** Null when the patient has not been created yet (a first run). */
  displayName: string | null;
  /** The patient's IANA time zone, or null (the server's own zone is then used for "today"). */
  timeZone: string | null;
  /** 'yyyy-MM-dd' in the patient's time zone: what "next" and "overdue" are measured against. */
  today: string;
  /** 'HH:mm' on the patient's clock when the facts were read: what a dose "still due" is measured against. */
  clock: string;
  /** Scheduled appointments on or after today, soonest first. */
  nextAppointments: AppointmentFact[];
  /** Open care items by due date, then the most recently completed ones. */
  care: CareFact[];
  plan: PlanFact | null;
  records: { count: number; latest: RecordFact | null };
  /** The Medications list (issue 32), as the page splits it. */
  medicationList: {
    /** Active and paused, by name. */
    current: MedicationFact[];
    /** Stopped, or past their end date: the most recently stopped or ended first, PAST_MEDICATIONS at most. */
    past: MedicationFact[];
  };
  /** Today's doses with their log entries, by time (services/medication-doses.ts, the Today's doses card's own read). */
  todaysDoses: DoseFact[];
  /** The patient's own free text from My Profile; null when blank (medications: what they did not itemise). */
  medications: string | null;
  allergies: string | null;
  conditions: string | null;
  /**
   * Vitals and lab results (issue 35): each measure the patient has readings of, in the measures table's order (the
   * vital signs first).
   */
  readings: MeasureReadings[];
}

/**
 * The facts the assistant answers from, for this patient only. Each query selects the columns it needs and is
 * served by the table's per-user index; document bytes (medical_record_files) are never read.
 */
export async function loadPatientFacts(db: Database, patient: Patient, now: Date = new Date()): Promise<PatientFacts> {
  const timeZone = await patientTimeZone(db, patient);
  // The one "today of the patient" (rules/care.ts), from the time zone read once here.
  const today = todayOfPatient(timeZone, now);
  const [profile, nextAppointments, care, plan, records, { medicationList, todaysDoses }, readings] = await Promise.all([
    loadProfile(db, patient),
    loadNextAppointments(db, patient, today),
    loadCare(db, patient, today),
    loadPlan(db, patient),
    loadRecords(db, patient, timeZone),
    loadMedications(db, patient, timeZone, today),
    loadReadings(db, patient, timeZone, now),
  ]);
  return { ...profile, timeZone, today, clock: clockIn(timeZone, now).time, nextAppointments, care, plan, records, medicationList, todaysDoses, readings };
}

async function loadProfile(db: Database, patient: Patient) {
  const [user] = await db
    .select({
      displayName: users.displayName,
      medications: users.medications,
    })
    .from(users)
    .where(eq(users.id, patient.id));
  const lines = await readProfileLines(db, patient);
  return {
    displayName: user?.displayName ?? null,
    medications: blankToNull(user?.medications),
    allergies: lines.allergies,
    conditions: lines.existingConditions,
  };
}

async function loadNextAppointments(db: Database, patient: Patient, today: string): Promise<AppointmentFact[]> {
  const rows = await db
    .select({
      type: appointments.appointmentType,
      providerName: providers.name,
      providerSpecialty: providers.specialty,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
    })
    .from(appointments)
    // The patient's own provider only: another user's row is "Unknown Provider", as on the Appointments screen.
    .leftJoin(providers, and(eq(providers.id, appointments.providerId), ownRows(providers, patient)))
    .where(and(ownRows(appointments, patient), eq(appointments.status, 'scheduled'), gte(appointments.appointmentDate, today)))
    // The Appointments screen's order: by day, then the time of day (a preference where it falls).
    .orderBy(...appointmentOrder)
    .limit(NEXT_APPOINTMENTS);
  return rows.map((row) => ({ ...row, providerName: row.providerName ?? UNKNOWN_PROVIDER }));
}

async function loadCare(db: Database, patient: Patient, today: string): Promise<CareFact[]> {
  const columns = {
    name: preventativeCare.careName,
    dueDate: preventativeCare.dueDate,
    status: preventativeCare.status,
    lastCompleted: preventativeCare.lastCompleted,
  };
  const [open, completed] = await Promise.all([
    db
      .select(columns)
      .from(preventativeCare)
      .where(and(ownRows(preventativeCare, patient), ne(preventativeCare.status, 'completed')))
      .orderBy(asc(preventativeCare.dueDate), asc(preventativeCare.id)),
    db
      .select(columns)
      .from(preventativeCare)
      .where(and(ownRows(preventativeCare, patient), eq(preventativeCare.status, 'completed')))
      .orderBy(sql`${preventativeCare.lastCompleted} desc nulls last`, desc(preventativeCare.dueDate), desc(preventativeCare.id))
      .limit(RECENT_COMPLETED_CARE),
  ]);
  return [...open, ...completed].map((item) => ({ ...item, status: careStanding(item.status, item.dueDate, today) }));
}

async function loadPlan(db: Database, patient: Patient): Promise<PlanFact | null> {
  // The primary plan (one at most, by a unique index); else the first plan, as the insurance list orders them.
  const [plan] = await db
    .select({
      id: insurancePlans.id,
      provider: insurancePlans.provider,
      planType: insurancePlans.planType,
      isPrimary: insurancePlans.isPrimary,
      deductible: insurancePlans.deductible,
      deductibleMet: insurancePlans.deductibleMet,
      outOfPocketMax: insurancePlans.outOfPocketMax,
      outOfPocketMet: insurancePlans.outOfPocketMet,
    })
    .from(insurancePlans)
    .where(ownRows(insurancePlans, patient))
    .orderBy(desc(insurancePlans.isPrimary), asc(insurancePlans.id))
    .limit(1);
  if (!plan) return null;
  const benefits = await db
    .select({
      serviceName: insuranceBenefits.serviceName,
      inNetworkCoverage: insuranceBenefits.inNetworkCoverage,
      outOfNetworkCoverage: insuranceBenefits.outOfNetworkCoverage,
    })
    .from(insuranceBenefits)
    .where(eq(insuranceBenefits.insuranceId, plan.id))
    .orderBy(asc(insuranceBenefits.id));
  const { id: _id, ...fields } = plan;
  return { ...fields, benefits };
}

async function loadRecords(db: Database, patient: Patient, timeZone: string | null): Promise<PatientFacts['records']> {
  // The newest record and the count in one pass over the per-user index: the window counts before the limit applies.
  const [latest] = await db
    .select({
      filename: medicalRecords.filename,
      description: medicalRecords.description,
      uploadDate: medicalRecords.uploadDate,
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(medicalRecords)
    .where(ownRows(medicalRecords, patient))
    .orderBy(desc(medicalRecords.uploadDate), desc(medicalRecords.id))
    .limit(1);
  if (!latest) return { count: 0, latest: null };
  return {
    count: latest.count,
    latest: { filename: latest.filename, description: blankToNull(latest.description), uploadDate: todayIn(timeZone, latest.uploadDate) },
  };
}

/** The medication list, and today's doses from the same rows (dosesOfDay reads only the day's log). */
async function loadMedications(db: Database, patient: Patient, timeZone: string | null, today: string) {
  // Every medication of the patient, by the per-user index (user_id, name): a list a patient keeps, tens at most.
  const rows = await db
    .select({
      id: medications.id,
      name: medications.name,
      strength: medications.strength,
      form: medications.form,
      dose: medications.dose,
      instructions: medications.instructions,
      reason: medications.reason,
      pharmacy: medications.pharmacy,
      schedule: medications.schedule,
      startDate: medications.startDate,
      endDate: medications.endDate,
      status: medications.status,
      pausedOn: medications.pausedOn,
      stoppedOn: medications.stoppedOn,
      stopReason: medications.stopReason,
      refillsLeft: medications.refillsLeft,
      quantityOnHand: medications.quantityOnHand,
    })
    .from(medications)
    .where(ownRows(medications, patient))
    .orderBy(asc(medications.name), asc(medications.id));
  const facts: MedicationFact[] = rows.map((row) => ({
    ...row,
    instructions: blankToNull(row.instructions),
    reason: blankToNull(row.reason),
    pharmacy: blankToNull(row.pharmacy),
    stopReason: blankToNull(row.stopReason),
  }));
  // Past as the Medications page has it: stopped, or ended before today.
  const isPast = (m: MedicationFact) => isPastMedication(m, today);
  const endedOn = (m: MedicationFact) => m.stoppedOn ?? m.endDate ?? '';
  const medicationList: PatientFacts['medicationList'] = {
    current: facts.filter((m) => !isPast(m)),
    past: facts
      .filter(isPast)
      .sort((a, b) => endedOn(b).localeCompare(endedOn(a)))
      .slice(0, PAST_MEDICATIONS),
  };
  const { doses } = await dosesOfDay(db, patient, { day: today, timeZone, medications: rows });
  const todaysDoses: DoseFact[] = doses.map(({ medicationId, name, strength, dose, scheduledTime, entry }) => ({
    medicationId,
    name,
    strength,
    dose,
    time: scheduledTime,
    logged: entry?.status ?? null,
    takenAt: entry?.takenAt ? takenAtWords(entry.takenAt, timeZone, today) : null,
    reason: blankToNull(entry?.reason),
  }));
  return { medicationList, todaysDoses };
}

/**
 * The newest reading of each measure the patient has, as GET /api/observations/{userId}/latest answers it (one probe
 * of the (user, code, time) index per measure), and for each of those measures its earlier readings and the means of
 * the last two spans of TREND_DAYS days, each one probe of the same index per measure.
 */
async function loadReadings(db: Database, patient: Patient, timeZone: string | null, now: Date): Promise<MeasureReadings[]> {
  const [latest, { unitSystem }] = await Promise.all([latestObservations(db, patient, {}), unitSystemOf(db, patient)]);
  if (latest.length === 0) return [];
  const [earlier, means] = await Promise.all([loadEarlierReadings(db, patient, latest), loadReadingMeans(db, patient, latest, now)]);
  return latest.map((observation) => {
    const measure = knownMeasure(observation.code);
    const unit = unitSymbol(measure, unitSystem) || null;
    const shown = (chartValue: number | null) => (chartValue === null ? null : shownIn(measure, unitSystem, chartValue));
    const { value, inUnits, referenceRange } = observation;
    const reading = {
      number: inUnits.number,
      second: inUnits.second,
      comparator: value.type === 'quantity' ? value.comparator : null,
      text: value.type === 'text' ? value.text : null,
    };
    const mean = (count: number, number: number | null, second: number | null): ReadingMean | null =>
      count > 0 && number !== null ? { count, number: shown(number)!, second: shown(second) } : null;
    const spans = means.get(observation.code);
    return {
      latest: {
        code: observation.code,
        name: observation.name,
        kind: observation.kind,
        date: todayIn(timeZone, observation.takenAt),
        number: inUnits.number,
        second: inUnits.second,
        value: valueWords(reading, unit, measure.decimals),
        flag: observation.flag,
        range: rangeWords(inUnits.range, inUnits.secondRange, unit, measure.decimals),
        labRange: value.type === 'quantity' && referenceRange !== null && (referenceRange.low !== null || referenceRange.high !== null),
      },
      unit,
      decimals: measure.decimals,
      earlier: (earlier.get(observation.code) ?? [])
        .filter((row) => row.id !== observation.id)
        .slice(0, EARLIER_READINGS)
        .map((row) => ({ date: todayIn(timeZone, row.takenAt), number: shown(row.chartValue)!, second: shown(row.secondChartValue) })),
      recentMean: spans ? mean(spans.recentCount, spans.recentMean, spans.recentSecond) : null,
      previousMean: spans ? mean(spans.previousCount, spans.previousMean, spans.previousSecond) : null,
    };
  });
}

type LatestReading = Pick<Observation, 'id' | 'code'>;
const codesOf = (latest: readonly LatestReading[]) =>
  sql.join(
    latest.map((observation) => sql`${observation.code}`),
    sql`, `,
  );
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Of each measure, its newest readings with a number (the newest of all among them, which the caller leaves out). */
async function loadEarlierReadings(db: Database, patient: Patient, latest: readonly LatestReading[]) {
  const result = await db.execute(sql`
    select measure.code, earlier.id, earlier.taken_at, earlier.chart_value, earlier.second_chart_value
    from unnest(array[${codesOf(latest)}]::text[]) as measure(code)
    cross join lateral (
      select ${observations.id}, ${observations.takenAt}, ${observations.chartValue}, ${observations.secondChartValue} from ${observations}
      where ${observations.userId} = ${patient.id} and ${observations.code} = measure.code and ${observations.chartValue} is not null
      order by ${observations.takenAt} desc, ${observations.id} desc
      limit ${EARLIER_READINGS + 1}
    ) as earlier`);
  const byCode = new Map<string, Array<{ id: number; takenAt: Date; chartValue: number; secondChartValue: number | null }>>();
  for (const row of rowsOf<{ code: string; id: unknown; taken_at: unknown; chart_value: unknown; second_chart_value: unknown }>(result)) {
    const rows = byCode.get(row.code) ?? [];
    rows.push({ id: Number(row.id), takenAt: new Date(row.taken_at as string | Date), chartValue: Number(row.chart_value), secondChartValue: numberOrNull(row.second_chart_value) });
    byCode.set(row.code, rows);
  }
  return byCode;
}

/** Of each measure, the count and mean (in its chart unit) of the readings with a number in each of the last two spans of TREND_DAYS days. */
async function loadReadingMeans(db: Database, patient: Patient, latest: readonly LatestReading[], now: Date) {
  const day = 24 * 60 * 60 * 1000;
  const recentFrom = new Date(now.getTime() - TREND_DAYS * day).toISOString();
  const previousFrom = new Date(now.getTime() - 2 * TREND_DAYS * day).toISOString();
  const recent = sql`${observations.takenAt} >= ${recentFrom}::timestamptz`;
  const result = await db.execute(sql`
    select measure.code, spans.*
    from unnest(array[${codesOf(latest)}]::text[]) as measure(code)
    cross join lateral (
      select
        count(*) filter (where ${recent}) as recent_count,
        avg(${observations.chartValue}) filter (where ${recent}) as recent_mean,
        avg(${observations.secondChartValue}) filter (where ${recent}) as recent_second,
        count(*) filter (where not (${recent})) as previous_count,
        avg(${observations.chartValue}) filter (where not (${recent})) as previous_mean,
        avg(${observations.secondChartValue}) filter (where not (${recent})) as previous_second
      from ${observations}
      where ${observations.userId} = ${patient.id} and ${observations.code} = measure.code
        and ${observations.takenAt} >= ${previousFrom}::timestamptz and ${observations.chartValue} is not null
    ) as spans`);
  type Spans = Record<'recent_count' | 'recent_mean' | 'recent_second' | 'previous_count' | 'previous_mean' | 'previous_second', unknown>;
  return new Map(
    rowsOf<{ code: string } & Spans>(result).map((row) => [
      row.code,
      {
        recentCount: Number(row.recent_count),
        recentMean: numberOrNull(row.recent_mean),
        recentSecond: numberOrNull(row.recent_second),
        previousCount: Number(row.previous_count),
        previousMean: numberOrNull(row.previous_mean),
        previousSecond: numberOrNull(row.previous_second),
      },
    ]),
  );
}

/** '08:05'; '23:50 on November 21' when the patient's day of it is not today (a dose taken the evening before). */
function takenAtWords(instant: Date, timeZone: string | null, today: string): string {
  const { date, time } = clockIn(timeZone, instant);
  return date === today ? time : `${time} on ${format(parseISO(date), 'MMMM d')}`;
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

// --- The facts as text, for a language model ---

const longDate = (day: string) => format(parseISO(day), 'EEEE, MMMM d, yyyy');

/** 'on Tuesday, December 1, 2026 at 2:00 PM'; a preference has no hour and reads as the app labels it: '(Morning)'. */
export function appointmentWhen(appointment: Pick<AppointmentFact, 'date' | 'time'>): string {
  const isPreference = (TIME_PREFERENCES as readonly string[]).includes(appointment.time);
  const time = formatAppointmentTime(appointment.time);
  return `on ${longDate(appointment.date)} ${isPreference ? `(${time})` : `at ${time}`}`;
}

/** 'Eye Examination with Dr. James Patel (Optometry) on Tuesday, December 1, 2026 at 2:00 PM' */
export function describeAppointment(appointment: AppointmentFact): string {
  const specialty = appointment.providerSpecialty ? ` (${appointment.providerSpecialty})` : '';
  return `${appointment.type} with ${appointment.providerName}${specialty} ${appointmentWhen(appointment)}`;
}

/**
 * A compact plain-text summary of the facts, one topic per line, for a language model's context. Free text the
 * patient typed is quoted as it is; the system prompt tells the model it is data, not instructions.
 */
export function describeFacts(facts: PatientFacts): string {
  const lines = [
    `Patient: ${facts.displayName ?? 'not set up yet'}. Today: ${longDate(facts.today)}${facts.timeZone ? ` (${facts.timeZone})` : ''}.`,
    facts.nextAppointments.length > 0
      ? `Upcoming appointments: ${facts.nextAppointments.map(describeAppointment).join('; ')}.`
      : 'Upcoming appointments: none scheduled.',
    facts.care.length > 0
      ? `Preventative care: ${facts.care
          .map((item) =>
            item.status === 'completed'
              ? `${item.name} completed${item.lastCompleted ? ` ${item.lastCompleted}` : ''}`
              : `${item.name} ${CARE_DISPLAY[item.status].assistant}, due ${item.dueDate}`,
          )
          .join('; ')}.`
      : 'Preventative care: no items on file.',
    describePlan(facts.plan),
    facts.records.latest
      ? `Medical records: ${facts.records.count} on file; latest ${facts.records.latest.filename}${
          facts.records.latest.description ? ` ("${facts.records.latest.description}")` : ''
        }, uploaded ${facts.records.latest.uploadDate}.`
      : 'Medical records: none on file.',
    ...describeMedications(facts),
    ...describeReadings(facts),
    `Medications noted in My Profile (free text): ${quoted(facts.medications)}.`,
    `Allergies: ${quoted(facts.allergies)}.`,
    `Existing conditions: ${quoted(facts.conditions)}.`,
  ];
  return lines.join('\n');
}

/** Lines a prompt holds at most of the list and of today's doses; the Medications page has the rest. */
const DESCRIBED_MEDICATIONS = 30;
const DESCRIBED_DOSES = 40;

function atMost<T>(items: readonly T[], limit: number, word: (item: T) => string, page = 'the Medications page'): string {
  const more = items.length > limit ? `; and ${items.length - limit} more on ${page}` : '';
  return `${items.slice(0, limit).map(word).join('; ')}${more}`;
}

/** The Medications list, its past ones briefly, and today's doses with what the log says. */
function describeMedications(facts: PatientFacts): string[] {
  const { current, past } = facts.medicationList;
  const describe = (m: MedicationFact) =>
    [
      medicationLine(m),
      m.status === 'paused' ? `PAUSED since ${m.pausedOn}` : '',
      m.startDate && m.startDate > facts.today ? `starts ${m.startDate}` : '',
      m.endDate ? `until ${m.endDate}` : '',
      // The patient's words quoted, as the profile's are: an instruction's own ';' stays inside its medication.
      m.instructions ? `instructions ${quoted(m.instructions)}` : '',
      m.reason ? `for ${quoted(m.reason)}` : '',
      m.refillsLeft !== null ? refillsWords(m.refillsLeft) : '',
      m.quantityOnHand !== null ? `${m.quantityOnHand} on hand` : '',
    ]
      .filter(Boolean)
      .join(', ');
  const ended = (m: MedicationFact) =>
    `${medicationTitle(m)} (${m.status === 'stopped' ? `stopped ${m.stoppedOn}${m.stopReason ? `, ${quoted(m.stopReason)}` : ''}` : `ended ${m.endDate}`})`;
  const doses = facts.todaysDoses;
  return [
    current.length > 0
      ? `Medications list (current): ${atMost(current, DESCRIBED_MEDICATIONS, describe)}.`
      : 'Medications list (current): none on the Medications page.',
    ...(past.length > 0 ? [`Past medications (most recent first): ${past.map(ended).join('; ')}.`] : []),
    doses.length > 0
      ? `Today's doses from the dose log (the time now is ${facts.clock}): ${atMost(doses, DESCRIBED_DOSES, (d) => `${doseTitle(d)} ${doseState(d, facts.clock)}`)}.`
      : `Today's doses from the dose log (the time now is ${facts.clock}): none due and none taken.`,
  ];
}

/** Measures a prompt describes at most of each kind; the Vitals and Lab Results pages have the rest. */
const DESCRIBED_READINGS = 40;

/**
 * The newest reading of each measure, with its date, units and flag, vitals and lab results apart; then what a trend
 * compares: the means of the last two spans of TREND_DAYS days and the readings before the newest.
 */
function describeReadings(facts: PatientFacts): string[] {
  const { readings } = facts;
  const latest = ({ latest: reading }: MeasureReadings) => {
    const flag = reading.flag ? `, ${FLAG_WORDS[reading.flag].toUpperCase()}` : reading.range ? ', in range' : '';
    const range = reading.range ? ` (${reading.labRange ? "the lab's range" : 'usual range'} ${reading.range})` : '';
    return `${reading.name} ${reading.value} on ${reading.date}${flag}${range}`;
  };
  const line = (kind: MeasureKind, title: string, page: string) => {
    const ofKind = readings.filter((measure) => measure.latest.kind === kind);
    return ofKind.length > 0 ? `${title} (the newest of each): ${atMost(ofKind, DESCRIBED_READINGS, latest, page)}.` : `${title}: none on ${page}.`;
  };
  const mean = (measure: MeasureReadings, mean: ReadingMean | null) =>
    mean ? `${numberWords(mean.number, mean.second, measure.unit, measure.decimals)} (${mean.count} ${mean.count === 1 ? 'reading' : 'readings'})` : 'none';
  const trend = (measure: MeasureReadings) =>
    `${measure.latest.name}: last ${TREND_DAYS} days ${mean(measure, measure.recentMean)}, the ${TREND_DAYS} days before ${mean(measure, measure.previousMean)}, ` +
    `before the newest ${measure.earlier.map((point) => `${numberWords(point.number, point.second, measure.unit, measure.decimals)} on ${point.date}`).join(', ')}`;
  const trends = readings.filter((measure) => measure.earlier.length > 0);
  return [
    line('vital-sign', 'Vitals', 'the Vitals page'),
    line('laboratory', 'Lab results', 'the Lab Results page'),
    ...(trends.length > 0
      ? [`Trends (the mean of the readings of the last ${TREND_DAYS} days and of the ${TREND_DAYS} days before; the readings before the newest, newest first): ${atMost(trends, DESCRIBED_READINGS, trend, 'the Vitals and Lab Results pages')}.`]
      : []),
  ];
}

function describePlan(plan: PlanFact | null): string {
  if (!plan) return 'Insurance: no plan on file.';
  const progress = (met: number, total: number) => `${formatDollars(met)} of ${formatDollars(total)} met (${percentOf(met, total)}%)`;
  const benefits = plan.benefits.length
    ? ` Benefits (in network / out of network): ${plan.benefits
        .map((b) => `${b.serviceName}: ${b.inNetworkCoverage} / ${b.outOfNetworkCoverage}`)
        .join('; ')}.`
    : ' Benefits: none listed.';
  return (
    `Insurance: ${plan.provider} ${plan.planType}${plan.isPrimary ? ' (primary)' : ''}; deductible ${progress(plan.deductibleMet, plan.deductible)}; ` +
    `out-of-pocket maximum ${progress(plan.outOfPocketMet, plan.outOfPocketMax)}.${benefits}`
  );
}

function quoted(text: string | null): string {
  // A line is an item (the conditions and allergies lists, issue 34): lines are kept apart by '; ', not run together.
  const lines = (text ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').replace(/[\s.;,]+$/, '').trim())
    .filter((line) => line !== '');
  return lines.length > 0 ? `"${lines.join('; ')}"` : 'none recorded';
}
