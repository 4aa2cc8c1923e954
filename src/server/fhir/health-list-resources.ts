import type { AllergyIntolerance, CodeableConcept, Condition, Immunization, Patient, Reference } from '@medplum/fhirtypes';
import type { Coding } from '../../shared/rules/codes';
import { isCurrentCondition } from '../../shared/rules/conditions';
import type { allergies, conditions, immunizations } from '../db/schema/index';
import { identifierElements } from './source-identifiers';

// The health lists (issue 34) out as FHIR R4: each condition a Condition, each allergy an AllergyIntolerance, each
// vaccine given an Immunization, with every code the item has (as another record sent it) and its words as the
// concept's text. import-health-lists.ts reads them back, so that the app's own export changes nothing.

// The rows as the archive reads them (archive/patient-rows.ts): every column but the owner's id.
export type ConditionRow = Omit<typeof conditions.$inferSelect, 'userId'>;
export type AllergyRow = Omit<typeof allergies.$inferSelect, 'userId'>;
export type ImmunizationRow = Omit<typeof immunizations.$inferSelect, 'userId'>;

/** The patient's three lists, each in the order the record keeps it. */
export interface HealthLists {
  conditions: ConditionRow[];
  allergies: AllergyRow[];
  immunizations: ImmunizationRow[];
}

/** FHIR's code systems of the lists' statuses and categories. */
export const HEALTH_LIST_SYSTEMS = {
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  allergyClinical: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  allergyVerification: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
} as const;

/**
 * On a Condition whose status is current (active, recurrence, relapse) but which has an end date: FHIR allows an
 * abatement only with a status of resolved, remission or inactive (con-4), so the date rides here.
 */
export const ABATEMENT_EXTENSION = 'urn:healthassist:fhir:abatement-date';

/** The item's codes and words as one concept: every coding as it is stored, the words as its text. */
export function concept(codes: readonly Coding[], words: string): CodeableConcept {
  return { coding: codes.length > 0 ? codes.map(({ system, code, display }) => ({ system, code, display })) : undefined, text: words };
}

const notes = (note: string | null) => (note ? [{ text: note }] : undefined);

export function conditionResource(row: ConditionRow, subject: Reference<Patient>): Condition {
  const abatementAllowed = !isCurrentCondition(row.clinicalStatus);
  return {
    resourceType: 'Condition',
    identifier: identifierElements(row.identifiers),
    clinicalStatus: { coding: [{ system: HEALTH_LIST_SYSTEMS.conditionClinical, code: row.clinicalStatus }] },
    // The patient's problem list: FHIR's own category for it.
    category: [{ coding: [{ system: HEALTH_LIST_SYSTEMS.conditionCategory, code: 'problem-list-item' }] }],
    code: concept(row.codes, row.name),
    subject,
    onsetDateTime: row.onsetDate ?? undefined,
    abatementDateTime: abatementAllowed ? (row.abatementDate ?? undefined) : undefined,
    note: notes(row.note),
    extension: !abatementAllowed && row.abatementDate ? [{ url: ABATEMENT_EXTENSION, valueDate: row.abatementDate }] : undefined,
  };
}

export function allergyResource(row: AllergyRow, patient: Reference<Patient>): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    identifier: identifierElements(row.identifiers),
    clinicalStatus: { coding: [{ system: HEALTH_LIST_SYSTEMS.allergyClinical, code: row.status }] },
    type: row.type ?? undefined,
    criticality: row.criticality ?? undefined,
    code: concept(row.codes, row.substance),
    patient,
    // A reaction is one manifestation with its severity, as the list keeps it.
    reaction: row.reactions.map(({ manifestation, severity }) => ({ manifestation: [{ text: manifestation }], severity: severity ?? undefined })),
    note: notes(row.note),
  };
}

export function immunizationResource(row: ImmunizationRow, patient: Reference<Patient>): Immunization {
  return {
    resourceType: 'Immunization',
    identifier: identifierElements(row.identifiers),
    // The list holds vaccines given.
    status: 'completed',
    vaccineCode: concept(row.codes, row.vaccine),
    patient,
    occurrenceDateTime: row.date,
    lotNumber: row.lotNumber ?? undefined,
    site: row.site ? { text: row.site } : undefined,
    performer: row.performer ? [{ actor: { display: row.performer } }] : undefined,
    protocolApplied: row.doseNumber !== null ? [{ doseNumberPositiveInt: row.doseNumber }] : undefined,
    note: notes(row.note),
  };
}
