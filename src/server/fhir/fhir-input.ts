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
const ExtensionValue = z.looseObject({
  url: text,
  valueCode: text.optional(),
  valueString: text.optional(),
  valueMoney: Money.optional(),
  valueInteger: z.number().optional(),
  valueDate: text.optional(),
  valueDateTime: text.optional(),
  valueBoolean: z.boolean().optional(),
});
const Extension = ExtensionValue.extend({ extension: z.array(ExtensionValue).optional() });
export type FhirExtension = z.infer<typeof Extension>;

export const FhirPatient = z.looseObject({
  resourceType: z.literal('Patient'),
  name: z.array(z.looseObject({ use: text.optional(), text: text.optional(), family: text.optional(), given: z.array(text).optional() })).optional(),
  birthDate: text.optional(),
  telecom: z.array(z.looseObject({ system: text.optional(), value: text.optional() })).optional(),
  extension: z.array(Extension).optional(),
  deceasedBoolean: z.boolean().optional(),
  deceasedDateTime: text.optional(),
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

/** A vaccine given (issue 34): an item of the immunizations list. */
export const FhirImmunization = z.looseObject({
  resourceType: z.literal('Immunization'),
  status: text,
  vaccineCode: CodeableConcept,
  occurrenceDateTime: text.optional(),
  lotNumber: text.optional(),
  site: CodeableConcept.optional(),
  performer: z.array(z.looseObject({ function: CodeableConcept.optional(), actor: Reference.optional() })).optional(),
  protocolApplied: z.array(z.looseObject({ doseNumberPositiveInt: z.number().optional(), doseNumberString: text.optional() })).optional(),
  note: z.array(z.looseObject({ text: text.optional() })).optional(),
});
/** A procedure done: a completed care item. */
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

/** An allergy or intolerance (issue 34): an item of the allergies list. */
export const FhirAllergyIntolerance = z.looseObject({
  resourceType: z.literal('AllergyIntolerance'),
  clinicalStatus: CodeableConcept.optional(),
  verificationStatus: CodeableConcept.optional(),
  type: text.optional(),
  criticality: text.optional(),
  code: CodeableConcept.optional(),
  reaction: z
    .array(z.looseObject({ manifestation: z.array(CodeableConcept).optional(), description: text.optional(), severity: text.optional() }))
    .optional(),
  note: z.array(z.looseObject({ text: text.optional() })).optional(),
});

// Medications (issue 32): a MedicationStatement or MedicationRequest is a medication of the list, a
// MedicationAdministration an entry of its dose log; the medication is a concept, or a Medication (contained or
// of the Bundle).

const Quantity = z.looseObject({ value: z.number().optional(), unit: text.optional(), code: text.optional() });
const Annotation = z.looseObject({ text: text.optional() });
export const FhirDosage = z.looseObject({
  text: text.optional(),
  patientInstruction: text.optional(),
  additionalInstruction: z.array(CodeableConcept).optional(),
  asNeededBoolean: z.boolean().optional(),
  asNeededCodeableConcept: CodeableConcept.optional(),
  route: CodeableConcept.optional(),
  timing: z
    .looseObject({
      repeat: z
        .looseObject({
          frequency: z.number().optional(),
          period: z.number().optional(),
          periodUnit: text.optional(),
          dayOfWeek: z.array(text).optional(),
          timeOfDay: z.array(text).optional(),
          when: z.array(text).optional(),
          boundsPeriod: Period.optional(),
          extension: z.array(z.looseObject({ url: text, valueTime: text.optional() })).optional(),
        })
        .optional(),
    })
    .optional(),
  doseAndRate: z.array(z.looseObject({ doseQuantity: Quantity.optional() })).optional(),
});
export type FhirDosage = z.infer<typeof FhirDosage>;

export const FhirMedication = z.looseObject({
  resourceType: z.literal('Medication'),
  code: CodeableConcept.optional(),
  form: CodeableConcept.optional(),
});
export type FhirMedication = z.infer<typeof FhirMedication>;

/**
 * What the three medication resources share: a status, and the medication as a concept or a Medication, contained
 * ('#med1', the resources it holds inside it) or of the Bundle.
 */
const NamesAMedication = z.looseObject({
  status: text,
  medicationCodeableConcept: CodeableConcept.optional(),
  medicationReference: Reference.optional(),
  contained: z.array(z.looseObject({ resourceType: text, id: text.optional() })).optional(),
});
export type FhirNamesAMedication = z.infer<typeof NamesAMedication>;

export const FhirMedicationStatement = NamesAMedication.extend({
  resourceType: z.literal('MedicationStatement'),
  statusReason: z.array(CodeableConcept).optional(),
  effectiveDateTime: text.optional(),
  effectivePeriod: Period.optional(),
  dateAsserted: text.optional(),
  informationSource: Reference.optional(),
  reasonCode: z.array(CodeableConcept).optional(),
  reasonReference: z.array(Reference).optional(),
  note: z.array(Annotation).optional(),
  dosage: z.array(FhirDosage).optional(),
  extension: z.array(Extension).optional(),
});

export const FhirMedicationRequest = NamesAMedication.extend({
  resourceType: z.literal('MedicationRequest'),
  statusReason: CodeableConcept.optional(),
  authoredOn: text.optional(),
  requester: Reference.optional(),
  reasonCode: z.array(CodeableConcept).optional(),
  reasonReference: z.array(Reference).optional(),
  note: z.array(Annotation).optional(),
  dosageInstruction: z.array(FhirDosage).optional(),
  dispenseRequest: z
    .looseObject({ numberOfRepeatsAllowed: z.number().optional(), performer: Reference.optional(), validityPeriod: Period.optional() })
    .optional(),
});

export const FhirMedicationAdministration = NamesAMedication.extend({
  resourceType: z.literal('MedicationAdministration'),
  statusReason: z.array(CodeableConcept).optional(),
  effectiveDateTime: text.optional(),
  effectivePeriod: Period.optional(),
  request: Reference.optional(),
  supportingInformation: z.array(Reference).optional(),
  extension: z.array(Extension).optional(),
});
/** A condition (issue 34): an item of the problem list; also a medication's reason. */
export const FhirCondition = z.looseObject({
  resourceType: z.literal('Condition'),
  clinicalStatus: CodeableConcept.optional(),
  verificationStatus: CodeableConcept.optional(),
  code: CodeableConcept.optional(),
  onsetDateTime: text.optional(),
  onsetPeriod: Period.optional(),
  // Any abatement[x] says that it ended, whatever its type; only a date or a period's end is kept as the day.
  abatementDateTime: text.optional(),
  abatementPeriod: Period.optional(),
  abatementString: text.optional(),
  abatementBoolean: z.boolean().optional(),
  abatementAge: z.unknown().optional(),
  abatementRange: z.unknown().optional(),
  note: z.array(z.looseObject({ text: text.optional() })).optional(),
  extension: z.array(Extension).optional(),
});

/** A number with its unit as an Observation gives it: UCUM's code (`code`) and words for people (`unit`). */
const ObservationQuantity = z.looseObject({
  value: z.number().optional(),
  comparator: text.optional(),
  unit: text.optional(),
  system: text.optional(),
  code: text.optional(),
});
export type FhirObservationQuantity = z.infer<typeof ObservationQuantity>;

/** The value of an Observation or of one of its components: a number with its unit, a count, words, or a concept. */
const ObservationValues = {
  valueQuantity: ObservationQuantity.optional(),
  valueInteger: z.number().optional(),
  valueString: text.optional(),
  valueCodeableConcept: CodeableConcept.optional(),
  dataAbsentReason: CodeableConcept.optional(),
};

/**
 * A vital sign or a lab result (issue 35): one reading. Blood pressure is its panel with two components (systolic and
 * diastolic); a panel of other tests (a lipid panel, a CBC) names its results as members, each an Observation.
 */
export const FhirObservation = z.looseObject({
  resourceType: z.literal('Observation'),
  status: text,
  category: z.array(CodeableConcept).optional(),
  code: CodeableConcept,
  effectiveDateTime: text.optional(),
  effectivePeriod: Period.optional(),
  effectiveInstant: text.optional(),
  issued: text.optional(),
  performer: z.array(Reference).optional(),
  device: Reference.optional(),
  ...ObservationValues,
  referenceRange: z.array(z.looseObject({ low: ObservationQuantity.optional(), high: ObservationQuantity.optional(), text: text.optional() })).optional(),
  component: z.array(z.looseObject({ code: CodeableConcept, ...ObservationValues })).optional(),
  hasMember: z.array(Reference).optional(),
  note: z.array(z.looseObject({ text: text.optional() })).optional(),
  extension: z.array(Extension).optional(),
});
export type FhirObservation = z.infer<typeof FhirObservation>;

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
