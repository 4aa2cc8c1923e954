import { z } from 'zod';
import { dateOnly } from '../../shared/contracts/common';

// The parts of FHIR R4 resources that a Bundle from another record can bring and HealthAssist reads (ADR 18). Every
// schema is loose: a resource carries much more than we read, and what we do not read is not ours to refuse. What a
// schema refuses makes that one resource skipped, with the reason, never the whole Bundle.

const text = z.string();
export const Coding = z.looseObject({ system: text.optional(), code: text.optional(), display: text.optional() });
export const CodeableConcept = z.looseObject({ text: text.optional(), coding: z.array(Coding).optional() });
export const Reference = z.looseObject({ reference: text.optional(), display: text.optional() });
const Money = z.looseObject({ value: z.number().optional(), currency: text.optional() });
const Period = z.looseObject({ start: text.optional(), end: text.optional() });

/** One level of extensions with values, and their own extensions (ours nest once). */
const ExtensionValue = z.looseObject({ url: text, valueCode: text.optional(), valueString: text.optional(), valueMoney: Money.optional() });
const Extension = ExtensionValue.extend({ extension: z.array(ExtensionValue).optional() });

export const FhirPatient = z.looseObject({
  resourceType: z.literal('Patient'),
  name: z.array(z.looseObject({ use: text.optional(), text: text.optional(), family: text.optional(), given: z.array(text).optional() })).optional(),
  birthDate: text.optional(),
  telecom: z.array(z.looseObject({ system: text.optional(), value: text.optional() })).optional(),
  extension: z.array(Extension).optional(),
});

export const FhirCoverage = z.looseObject({
  resourceType: z.literal('Coverage'),
  status: text.optional(),
  payor: z.array(Reference).optional(),
  subscriberId: text.optional(),
  identifier: z.array(z.looseObject({ value: text.optional() })).optional(),
  type: CodeableConcept.optional(),
  order: z.number().optional(),
  period: Period.optional(),
  class: z.array(z.looseObject({ type: CodeableConcept.optional(), value: text.optional() })).optional(),
  costToBeneficiary: z.array(z.looseObject({ type: CodeableConcept.optional(), valueMoney: Money.optional() })).optional(),
  extension: z.array(Extension).optional(),
});

export const FhirPractitioner = z.looseObject({
  resourceType: z.literal('Practitioner'),
  name: z.array(z.looseObject({ text: text.optional(), family: text.optional(), given: z.array(text).optional(), prefix: z.array(text).optional() })).optional(),
  telecom: z.array(z.looseObject({ system: text.optional(), value: text.optional() })).optional(),
  address: z.array(z.looseObject({ text: text.optional(), line: z.array(text).optional(), city: text.optional(), state: text.optional(), postalCode: text.optional() })).optional(),
  qualification: z.array(z.looseObject({ code: CodeableConcept.optional() })).optional(),
});

export const FhirAppointment = z.looseObject({
  resourceType: z.literal('Appointment'),
  status: text,
  start: text.optional(),
  appointmentType: CodeableConcept.optional(),
  serviceType: z.array(CodeableConcept).optional(),
  description: text.optional(),
  comment: text.optional(),
  participant: z.array(z.looseObject({ actor: Reference.optional() })).optional(),
});

export const FhirDocumentReference = z.looseObject({
  resourceType: z.literal('DocumentReference'),
  status: text.optional(),
  date: text.optional(),
  description: text.optional(),
  content: z.array(z.looseObject({ attachment: z.looseObject({ contentType: text.optional(), data: text.optional(), title: text.optional(), url: text.optional() }) })),
});

/** An immunization or a procedure: a completed care item. */
export const FhirImmunization = z.looseObject({
  resourceType: z.literal('Immunization'),
  status: text,
  vaccineCode: CodeableConcept,
  occurrenceDateTime: text.optional(),
});
export const FhirProcedure = z.looseObject({
  resourceType: z.literal('Procedure'),
  status: text,
  code: CodeableConcept.optional(),
  performedDateTime: text.optional(),
  performedPeriod: Period.optional(),
  basedOn: z.array(Reference).optional(),
});

/** A care item planned (HealthAssist's own export writes each care item so). */
export const FhirServiceRequest = z.looseObject({
  resourceType: z.literal('ServiceRequest'),
  status: text,
  code: CodeableConcept.optional(),
  category: z.array(CodeableConcept).optional(),
  occurrenceDateTime: text.optional(),
  occurrencePeriod: Period.optional(),
  occurrenceTiming: z.looseObject({ event: z.array(text).optional(), repeat: z.looseObject({ frequency: z.number().optional(), period: z.number().optional(), periodUnit: text.optional() }).optional() }).optional(),
  note: z.array(z.looseObject({ text: text.optional() })).optional(),
});

/** An allergy, a medication or a condition: a line of the profile's list. */
export const FhirAllergyIntolerance = z.looseObject({
  resourceType: z.literal('AllergyIntolerance'),
  code: CodeableConcept.optional(),
  verificationStatus: CodeableConcept.optional(),
});
export const FhirMedicationStatement = z.looseObject({
  resourceType: z.literal('MedicationStatement'),
  status: text.optional(),
  medicationCodeableConcept: CodeableConcept.optional(),
});
export const FhirCondition = z.looseObject({
  resourceType: z.literal('Condition'),
  code: CodeableConcept.optional(),
  verificationStatus: CodeableConcept.optional(),
});

export type FhirCodeableConcept = z.infer<typeof CodeableConcept>;

/** The words of a concept: its text, or the first coding's display. Null when it has neither (a bare code says nothing we can show). */
export function wordsOf(concept: FhirCodeableConcept | undefined): string | null {
  const words = concept?.text?.trim() || concept?.coding?.find((coding) => coding.display?.trim())?.display?.trim();
  return words || null;
}

/** Whether a concept has a coding of this system and code. */
export function hasCoding(concept: FhirCodeableConcept | undefined, system: string, code: string): boolean {
  return concept?.coding?.some((coding) => coding.system === system && coding.code === code) ?? false;
}

/** The calendar date a FHIR date or dateTime starts with ('2024-03-05T10:00:00Z' → '2024-03-05'); null for a partial date ('2024-03'). */
export function calendarDayOf(value: string | undefined): string | null {
  const day = value?.slice(0, 10);
  return day !== undefined && dateOnly.safeParse(day).success ? day : null;
}

/** 'entered-in-error' on a clinical status or verification: a record that says it is wrong. */
export const ENTERED_IN_ERROR = 'entered-in-error';
