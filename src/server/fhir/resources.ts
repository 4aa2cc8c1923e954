import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type {
  Appointment,
  ContactPoint,
  Coverage,
  DocumentReference,
  Extension,
  MedicationStatement,
  Money,
  Patient,
  Practitioner,
  Procedure,
  Resource,
  ServiceRequest,
} from '@medplum/fhirtypes';
import { appointmentSpan } from '../../shared/rules/appointments';
import type { PatientRows } from '../archive/patient-rows';
import { allergyResource, concept, conditionResource, type HealthLists, immunizationResource } from './health-list-resources';
import { identifierElements } from './source-identifiers';
import { medicationAdministration, medicationStatement } from './medication-resources';
import { observationResource } from './observation-resources';

// The patient's record as FHIR R4 resources (ADR 18): what each row is in FHIR's model, with the text the patient
// wrote kept as text. No code is invented: a coding appears only where FHIR's own code systems name the concept
// (coverage-class 'group', coverage-copay-type 'deductible', the health lists' statuses, US Core's birth sex), or where
// the item has the codes another record sent (health-list-resources.ts).

/** Our own extensions, for what FHIR's resources have no element for (a benefit's wording, the amounts met so far). */
export const EXTENSION = {
  benefit: 'urn:healthassist:fhir:coverage-benefit',
  deductibleMet: 'urn:healthassist:fhir:deductible-met',
  outOfPocketMet: 'urn:healthassist:fhir:out-of-pocket-met',
  /** On the MedicationStatement of the profile's free-text medications: a line of the profile, not a medication. */
  profileMedications: 'urn:healthassist:fhir:profile-medications',
} as const;
const US_CORE_BIRTH_SEX = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex';
/** The patient's username in this install: the identifier US Core asks of a Patient. */
export const PATIENT_IDENTIFIER_SYSTEM = 'urn:healthassist:username';
const DATA_ABSENT_REASON = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason';

export interface FhirEntry {
  fullUrl: string;
  resource: Resource;
}

/** Drops what FHIR forbids: null, undefined, empty strings, empty arrays and objects, at any depth. */
export function withoutEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutEmpty).filter((item) => !isEmpty(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, withoutEmpty(item)] as const)
        .filter(([, item]) => !isEmpty(item)),
    ) as T;
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

const text = (value: string | null | undefined) => (value?.trim() ? { text: value.trim() } : undefined);
const usd = (value: number): Money => ({ value, currency: 'USD' });

/**
 * Every resource but the documents' (which `documentReference` makes as their bytes are read), each under a fresh
 * urn:uuid; references use those. `timeZone` places the appointments' times (UTC without one) and the scheduled doses'
 * (the machine's zone without one, as the schedule's rules do).
 */
export function fhirResources(rows: PatientRows, lists: HealthLists, timeZone: string | null): { patientUrl: string; entries: FhirEntry[] } {
  const entries: FhirEntry[] = [];
  const add = <R extends Resource>(resource: R): string => {
    const fullUrl = `urn:uuid:${randomUUID()}`;
    entries.push({ fullUrl, resource: withoutEmpty(resource) });
    return fullUrl;
  };
  const { patient } = rows;
  const hasNameParts = Boolean(patient.firstName || patient.lastName);
  // US Core 5's us-core-patient: an identifier, a gender (administrative: the sex at birth when stated, else
  // unknown), and a name with a given or family part, or a data-absent-reason when there is none (us-core-6).
  const patientUrl = add<Patient>({
    resourceType: 'Patient',
    identifier: [{ system: PATIENT_IDENTIFIER_SYSTEM, value: patient.username }],
    name: [{ use: 'official', text: patient.displayName, family: patient.lastName ?? undefined, given: patient.firstName ? [patient.firstName] : undefined }],
    gender: patient.sexAtBirth ?? 'unknown',
    birthDate: patient.dateOfBirth ?? undefined,
    telecom: [
      ...(patient.phoneNumber ? [{ system: 'phone', value: patient.phoneNumber } satisfies ContactPoint] : []),
      { system: 'email', value: patient.email } satisfies ContactPoint,
    ],
    extension: [
      ...(patient.sexAtBirth ? [{ url: US_CORE_BIRTH_SEX, valueCode: patient.sexAtBirth === 'female' ? 'F' : 'M' }] : []),
      ...(hasNameParts ? [] : [{ url: DATA_ABSENT_REASON, valueCode: 'unknown' }]),
    ],
  });
  const subject = { reference: patientUrl };

  // The health lists (issue 34): one resource per item, each with its codes.
  for (const condition of lists.conditions) add(conditionResource(condition, subject));
  for (const allergy of lists.allergies) add(allergyResource(allergy, subject));
  for (const immunization of lists.immunizations) add(immunizationResource(immunization, subject));
  // Vitals and lab results (issue 35): one Observation per reading.
  for (const reading of rows.observations) add(observationResource(reading, subject));
  if (patient.medications?.trim()) {
    // The text beside the medication list (issue 32): marked as the profile's, so that an import puts it back there.
    add<MedicationStatement>({
      resourceType: 'MedicationStatement',
      status: 'active',
      subject,
      medicationCodeableConcept: text(patient.medications)!,
      extension: [{ url: EXTENSION.profileMedications, valueBoolean: true }],
    });
  }

  for (const plan of rows.insurancePlans) {
    const benefits = rows.insuranceBenefits.filter((benefit) => benefit.insuranceId === plan.id);
    add<Coverage>({
      resourceType: 'Coverage',
      status: 'active',
      beneficiary: subject,
      payor: [{ display: plan.provider }],
      subscriberId: plan.memberId,
      // The plan type's codes as they came in (issue 34), and the type as words.
      type: concept(plan.codes, plan.planType),
      order: plan.isPrimary ? 1 : undefined,
      period: { start: plan.effectiveDate },
      class: plan.groupNumber
        ? [{ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group' }] }, value: plan.groupNumber }]
        : undefined,
      costToBeneficiary: [
        { type: copayType('deductible'), valueMoney: usd(plan.deductible) },
        { type: copayType('maxoutofpocket'), valueMoney: usd(plan.outOfPocketMax) },
      ],
      extension: [
        { url: EXTENSION.deductibleMet, valueMoney: usd(plan.deductibleMet) },
        { url: EXTENSION.outOfPocketMet, valueMoney: usd(plan.outOfPocketMet) },
        ...benefits.map(
          (benefit): Extension => ({
            url: EXTENSION.benefit,
            extension: [
              { url: 'service', valueString: benefit.serviceName },
              { url: 'inNetwork', valueString: benefit.inNetworkCoverage },
              { url: 'outOfNetwork', valueString: benefit.outOfNetworkCoverage },
            ],
          }),
        ),
      ],
    });
  }

  const practitioners = new Map<number, string>();
  for (const provider of rows.providers) {
    practitioners.set(
      provider.id,
      add<Practitioner>({
        resourceType: 'Practitioner',
        identifier: identifierElements(provider.identifiers),
        name: [{ text: provider.name }],
        telecom: provider.phone ? [{ system: 'phone', value: provider.phone }] : undefined,
        address: provider.address ? [{ text: provider.address }] : undefined,
        qualification: provider.specialty ? [{ code: { text: provider.specialty } }] : undefined,
      }),
    );
  }

  // Each medication a MedicationStatement, and each entry of its dose log a MedicationAdministration that names it.
  const statements = new Map<number, string>();
  for (const medication of rows.medications) {
    const practitioner = medication.providerId === null ? undefined : practitioners.get(medication.providerId);
    statements.set(medication.id, add(medicationStatement(medication, subject, practitioner)));
  }
  const medicationsById = new Map(rows.medications.map((medication) => [medication.id, medication]));
  for (const dose of rows.medicationDoses) {
    const medication = medicationsById.get(dose.medicationId);
    // The rows are read in one snapshot, so every dose's medication is there.
    if (medication) add(medicationAdministration(dose, medication, subject, statements.get(medication.id)!, timeZone));
  }

  const careRequests = new Map<number, string>();
  for (const item of rows.preventativeCare) {
    careRequests.set(
      item.id,
      add<ServiceRequest>({
        resourceType: 'ServiceRequest',
        identifier: identifierElements(item.identifiers),
        status: item.status === 'completed' ? 'completed' : 'active',
        intent: 'plan',
        subject,
        // The screening's codes as they came in (issue 34), and its name as words.
        code: concept(item.codes, item.careName),
        category: [text(item.category)!],
        note: item.notes ? [{ text: item.notes }] : undefined,
        ...(item.recurringMonths
          ? { occurrenceTiming: { event: [item.dueDate], repeat: { frequency: 1, period: item.recurringMonths, periodUnit: 'mo' } } }
          : { occurrenceDateTime: item.dueDate }),
      }),
    );
    if (item.lastCompleted) {
      add<Procedure>({
        resourceType: 'Procedure',
        status: 'completed',
        subject,
        code: concept(item.codes, item.careName),
        performedDateTime: item.lastCompleted,
        basedOn: [{ reference: careRequests.get(item.id)! }],
      });
    }
  }

  for (const appointment of rows.appointments) {
    const practitioner = practitioners.get(appointment.providerId);
    const careRequest = appointment.careItemId === null ? undefined : careRequests.get(appointment.careItemId);
    add<Appointment>({
      resourceType: 'Appointment',
      identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${appointment.calendarUid}` }],
      status: appointment.status === 'scheduled' ? 'booked' : appointment.status === 'completed' ? 'fulfilled' : 'cancelled',
      appointmentType: concept(appointment.codes, appointment.appointmentType),
      description: appointment.appointmentType,
      comment: appointment.notes ?? undefined,
      basedOn: careRequest ? [{ reference: careRequest }] : undefined,
      ...appointmentTimes(appointment.appointmentDate, appointment.appointmentTime, timeZone),
      participant: [
        { actor: subject, status: 'accepted' },
        ...(practitioner ? [{ actor: { reference: practitioner }, status: 'accepted' as const }] : []),
      ],
    });
  }
  return { patientUrl, entries };
}

const copayType = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-copay-type', code }] });

/**
 * An appointment's start and end as instants, by the rule the calendar files use (shared/rules/appointments.ts): a
 * clock time lasts its default length, a preference ('morning') is its span, 'any' the whole day; in the patient's
 * zone, or UTC without one.
 */
function appointmentTimes(date: string, time: string, timeZone: string | null): Pick<Appointment, 'start' | 'end'> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const span = appointmentSpan(time);
  const zone = timeZone ?? 'UTC';
  if (span.kind === 'allDay') {
    return { start: TZDate.tz(zone, year, month - 1, day).toISOString(), end: TZDate.tz(zone, year, month - 1, day + 1).toISOString() };
  }
  const [hours, minutes] = span.start.split(':').map(Number) as [number, number];
  const start = TZDate.tz(zone, year, month - 1, day, hours, minutes);
  return { start: start.toISOString(), end: new Date(start.getTime() + span.durationMinutes * 60_000).toISOString() };
}

/** A document as FHIR holds one: its bytes go into `content[0].attachment.data` as they are read (export-fhir.ts). */
export function documentReference(record: PatientRows['medicalRecords'][number], patientUrl: string): DocumentReference {
  return withoutEmpty<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    subject: { reference: patientUrl },
    date: record.uploadDate.toISOString(),
    description: record.description ?? undefined,
    content: [{ attachment: { contentType: record.fileType, title: record.filename, size: record.fileSize, creation: record.uploadDate.toISOString() } }],
  });
}
