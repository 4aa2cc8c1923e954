import { TZDate } from '@date-fns/tz';
import type { Dosage, Extension, MedicationAdministration, MedicationStatement, Patient, Reference } from '@medplum/fhirtypes';
import { formatISO } from 'date-fns';
import { localInstant } from '../../shared/rules/medication-schedule';
import { medicationTitle } from '../../shared/rules/medications';
import type { PatientRows } from '../archive/patient-rows';
import { identifierElements } from './source-identifiers';
import { concept } from './health-list-resources';
import { doseQuantity, scheduleWords, timingOf } from './medication-values';

// Medications (issue 32) out as FHIR R4: each medication a MedicationStatement (its schedule as the dosage's timing),
// each entry of the dose log a MedicationAdministration that names it. What FHIR has no element for rides on our own
// extensions, so that HealthAssist's own export comes back whole (import-medications.ts reads them).

type Medication = PatientRows['medications'][number];
type Dose = PatientRows['medicationDoses'][number];

export const MEDICATION_EXTENSION = {
  /**
   * On a MedicationStatement: strength, form, the dose as written (the Dosage's quantity holds only a plain one, and
   * its text the dose with the schedule's words), pharmacy, refills left, quantity on hand, the day paused or stopped,
   * and the end date of one stopped before it.
   */
  details: 'urn:healthassist:fhir:medication',
  /** On a MedicationAdministration: the scheduled dose it is the entry of, as the patient's day and clock time. */
  scheduledDose: 'urn:healthassist:fhir:scheduled-dose',
} as const;

/**
 * A stopped medication that ran to its end date (stopped on or after it) is completed; one stopped before it,
 * stopped. Paused is on-hold.
 */
function statementStatus(medication: Medication): MedicationStatement['status'] {
  if (medication.status === 'active') return 'active';
  if (medication.status === 'paused') return 'on-hold';
  return medication.endDate !== null && medication.stoppedOn! >= medication.endDate ? 'completed' : 'stopped';
}

/** From the start to the end date, or to the day it was stopped when that came first; never ending before it starts. */
function effectivePeriod(medication: Medication): MedicationStatement['effectivePeriod'] {
  let end = medication.endDate;
  if (medication.stoppedOn !== null && (end === null || medication.stoppedOn < end)) end = medication.stoppedOn;
  if (end !== null && medication.startDate !== null && end < medication.startDate) end = medication.startDate;
  return { start: medication.startDate ?? undefined, end: end ?? undefined };
}

/** The dose per intake and the route, as a Dosage holds them (the dose as a quantity when it is a plain one). */
function doseParts(medication: Medication): Pick<Dosage, 'route' | 'doseAndRate'> {
  const quantity = doseQuantity(medication.dose);
  return {
    route: medication.route ? { text: medication.route } : undefined,
    doseAndRate: quantity ? [{ doseQuantity: quantity }] : undefined,
  };
}

export function medicationStatement(medication: Medication, subject: Reference<Patient>, practitionerUrl: string | undefined): MedicationStatement {
  const { schedule } = medication;
  const detail = (url: string, value: Omit<Extension, 'url'>): Extension => ({ url, ...value });
  const details = [
    ...(medication.strength ? [detail('strength', { valueString: medication.strength })] : []),
    ...(medication.form ? [detail('form', { valueCode: medication.form })] : []),
    ...(medication.dose ? [detail('dose', { valueString: medication.dose })] : []),
    ...(medication.pharmacy ? [detail('pharmacy', { valueString: medication.pharmacy })] : []),
    ...(medication.refillsLeft !== null ? [detail('refillsLeft', { valueInteger: medication.refillsLeft })] : []),
    ...(medication.quantityOnHand !== null ? [detail('quantityOnHand', { valueInteger: medication.quantityOnHand })] : []),
    ...(medication.pausedOn ? [detail('pausedOn', { valueDate: medication.pausedOn })] : []),
    ...(medication.stoppedOn ? [detail('stoppedOn', { valueDate: medication.stoppedOn })] : []),
    // Stopped before its end date: the period ends when it was stopped, and the end date it had is kept here.
    ...(medication.endDate && medication.stoppedOn && medication.stoppedOn < medication.endDate ? [detail('endDate', { valueDate: medication.endDate })] : []),
  ];
  return {
    resourceType: 'MedicationStatement',
    identifier: identifierElements(medication.identifiers),
    status: statementStatus(medication),
    statusReason: medication.stopReason ? [{ text: medication.stopReason }] : undefined,
    // Its codes (RxNorm) as they came in (issue 34), and its name and strength as words.
    medicationCodeableConcept: concept(medication.codes, medicationTitle(medication)),
    subject,
    effectivePeriod: effectivePeriod(medication),
    dateAsserted: medication.createdAt.toISOString(),
    informationSource: practitionerUrl
      ? { reference: practitionerUrl, display: medication.prescriber ?? undefined }
      : medication.prescriber
        ? { display: medication.prescriber }
        : undefined,
    reasonCode: medication.reason ? [{ text: medication.reason }] : undefined,
    note: medication.instructions ? [{ text: medication.instructions }] : undefined,
    dosage: [
      {
        text: [medication.dose, scheduleWords(schedule)].filter(Boolean).join(' '),
        timing: timingOf(schedule),
        asNeededBoolean: schedule.kind === 'as-needed' ? true : undefined,
        ...doseParts(medication),
      },
    ],
    // An extension holds values or extensions, never neither (ext-1): none when there are no details.
    extension: details.length > 0 ? [{ url: MEDICATION_EXTENSION.details, extension: details }] : undefined,
  };
}

/** An instant with the offset of the patient's zone (the machine's without one, as the schedule's clock is). */
function withOffset(instant: Date, timeZone: string | null): string {
  return formatISO(timeZone ? new TZDate(instant.getTime(), timeZone) : instant);
}

/**
 * One entry of the dose log: completed when taken (at the time taken), not-done when skipped or missed (at the time it
 * was due, the word and the patient's reason as statusReason). A scheduled dose names its day and clock time on our
 * extension, which the time taken does not give.
 */
export function medicationAdministration(
  dose: Dose,
  medication: Medication,
  subject: Reference<Patient>,
  statementUrl: string,
  timeZone: string | null,
): MedicationAdministration {
  const scheduled =
    dose.scheduledDate !== null && dose.scheduledTime !== null ? { date: dose.scheduledDate, time: dose.scheduledTime, at: localInstant(dose.scheduledDate, dose.scheduledTime, timeZone) } : null;
  const { route, doseAndRate } = doseParts(medication);
  const quantity = doseAndRate?.[0]?.doseQuantity;
  return {
    resourceType: 'MedicationAdministration',
    status: dose.status === 'taken' ? 'completed' : 'not-done',
    statusReason:
      dose.status === 'taken' ? undefined : [{ text: dose.status === 'skipped' ? 'Skipped' : 'Missed' }, ...(dose.reason ? [{ text: dose.reason }] : [])],
    medicationCodeableConcept: concept(medication.codes, medicationTitle(medication)),
    subject,
    // A taken dose is at the instant taken (to the millisecond); one not taken at the instant it was due.
    effectiveDateTime: dose.takenAt ? dose.takenAt.toISOString() : withOffset(scheduled!.at, timeZone),
    supportingInformation: [{ reference: statementUrl }],
    // A Dosage has a dose or a rate (mad-1): given only when the dose is a plain quantity.
    dosage: quantity ? { text: medication.dose ?? undefined, route, dose: quantity } : undefined,
    extension: scheduled
      ? [{ url: MEDICATION_EXTENSION.scheduledDose, valueDateTime: `${scheduled.date}T${scheduled.time}:00${withOffset(scheduled.at, timeZone).slice(19)}` }]
      : undefined,
  };
}
