import { format, parseISO } from 'date-fns';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { formatAppointmentTime, UNKNOWN_PROVIDER } from '../../../shared/rules/appointment-display';
import { CARE_DISPLAY, careStanding, todayOfPatient, type CareStanding } from '../../../shared/rules/care';
import { formatDollars, percentOf } from '../../../shared/rules/formats';
import { clockIn, todayIn } from '../../../shared/rules/patient';
import { isPastMedication, type DoseStatus, type MedicationForm, type ScheduledMedication } from '../../../shared/rules/medications';
import { TIME_PREFERENCES } from '../../../shared/rules/statuses';
import type { Database } from '../../db/client';
import { appointments, insuranceBenefits, insurancePlans, medicalRecords, medications, preventativeCare, providers, users } from '../../db/schema/index';
import { ownRows, type Patient } from '../../core/patient';
import { appointmentOrder } from '../appointments';
import { dosesOfDay } from '../medication-doses';
import { patientTimeZone } from '../users';
import { readProfileLines } from '../profile-lines';
import { doseState, doseTitle, medicationLine, medicationTitle, refillsWords } from './medication-words';

/** How many scheduled appointments the assistant knows ahead: the next one, and a couple after it. */
const NEXT_APPOINTMENTS = 3;
/** How many completed care items it knows: the most recent; older rounds of recurring care add nothing. */
const RECENT_COMPLETED_CARE = 5;
/** How many past (stopped or ended) medications it knows: the most recently stopped; the Medications page has all. */
const PAST_MEDICATIONS = 10;

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
}

/**
 * The facts the assistant answers from, for this patient only. Each query selects the columns it needs and is
 * served by the table's per-user index; document bytes (medical_record_files) are never read.
 */
export async function loadPatientFacts(db: Database, patient: Patient, now: Date = new Date()): Promise<PatientFacts> {
  const timeZone = await patientTimeZone(db, patient);
  // The one "today of the patient" (rules/care.ts), from the time zone read once here.
  const today = todayOfPatient(timeZone, now);
  const [profile, nextAppointments, care, plan, records, { medicationList, todaysDoses }] = await Promise.all([
    loadProfile(db, patient),
    loadNextAppointments(db, patient, today),
    loadCare(db, patient, today),
    loadPlan(db, patient),
    loadRecords(db, patient, timeZone),
    loadMedications(db, patient, timeZone, today),
  ]);
  return { ...profile, timeZone, today, clock: clockIn(timeZone, now).time, nextAppointments, care, plan, records, medicationList, todaysDoses };
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
    `Medications noted in My Profile (free text): ${quoted(facts.medications)}.`,
    `Allergies: ${quoted(facts.allergies)}.`,
    `Existing conditions: ${quoted(facts.conditions)}.`,
  ];
  return lines.join('\n');
}

/** Lines a prompt holds at most of the list and of today's doses; the Medications page has the rest. */
const DESCRIBED_MEDICATIONS = 30;
const DESCRIBED_DOSES = 40;

function atMost<T>(items: readonly T[], limit: number, word: (item: T) => string): string {
  const more = items.length > limit ? `; and ${items.length - limit} more on the Medications page` : '';
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
