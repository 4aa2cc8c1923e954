import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../testing/data-fingerprint';
import { createAllergy, createCondition, createImmunization, createUser } from '../../testing/factories';
import {
  addHealthListsOfEveryKind,
  addMedicationsOfEveryKind,
  epicMedications,
  ipsHealthLists,
  ipsMedications,
  synthea2Record,
  syntheaCovid19,
  syntheaMedications,
} from '../../testing/fhir-fixtures';
import { api, useTestApp } from '../../testing/test-app';
import { readDocumentChunks } from '../db/document-bytes';
import { wipeData } from '../db/reset';
import { samplePdf } from '../db/sample-documents';
import { allergies, conditions, immunizations, medicalRecords, medicationDoses, medications, providers, users } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';
import { todayIn } from '../../shared/rules/patient';
import { NO_PATIENT_YET } from './import-fhir';

// POST /api/import/fhir (ADR 18), on both databases: a Bundle from another record adds what maps to the patient's
// and counts every resource, imported or skipped with why; HealthAssist's own FHIR export comes back whole.

const t = useTestApp();

const post = (body: unknown, contentType = 'application/fhir+json') =>
  t.app.inject({ method: 'POST', url: '/api/import/fhir', headers: { 'content-type': contentType }, payload: JSON.stringify(body) });

/**
 * A new patient with nothing yet, as after onboarding without insurance; named as the Bundle a test imports names its
 * patient, since a Bundle about someone else is refused (issue 34).
 */
async function freshPatient(displayName = 'Sam Lee') {
  await wipeData(t.db);
  await createUser(t.db, { id: 1, displayName, email: 'sam@example.com', onboardedAt: new Date() });
}

const base64 = (bytes: Buffer) => bytes.toString('base64');

/** The patient's medications as stored, by id. */
const medicationsOf = (userId: number) => t.db.select().from(medications).where(eq(medications.userId, userId)).orderBy(asc(medications.id));

/** The medications and their log as they compare across records: no ids, no times of writing, the prescriber's provider by name. */
async function medicationRecord(userId: number) {
  const rows = await medicationsOf(userId);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const providerNames = new Map((await t.db.select().from(providers).where(eq(providers.userId, userId))).map((row) => [row.id, row.name]));
  const doses = await t.db.select().from(medicationDoses).where(eq(medicationDoses.userId, userId));
  return {
    medications: rows
      // Where each came from is import-identifiers.test.ts's: a copy knows it came from the export.
      .map(({ id: _id, userId: _user, createdAt: _created, updatedAt: _updated, identifiers: _from, providerId, ...row }) => ({ ...row, provider: providerId === null ? null : providerNames.get(providerId) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    doses: doses
      .map(({ medicationId, scheduledDate, scheduledTime, status, takenAt, reason }) => ({ medication: names.get(medicationId), scheduledDate, scheduledTime, status, takenAt, reason }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}
const pdf = samplePdf('Discharge summary', ['Discharged in good health']);

type Results = { resourceType: string; imported: number; alreadyThere: number; skipped: { reason: string; count: number }[] }[];
const SNOMED = 'http://snomed.info/sct';
const CVX = 'http://hl7.org/fhir/sid/cvx';

/** The patient's conditions, allergies and immunizations (issue 34) as stored, in order: no ids, no times of writing. */
async function healthLists(userId: number) {
  // Where each came from (its identifiers and fullUrl) is import-identifiers.test.ts's: a copy knows it came from the export.
  const strip = <Row extends { id: number; userId: number; createdAt: Date; identifiers: unknown }>({ id: _id, userId: _user, createdAt: _created, identifiers: _from, ...row }: Row) => row;
  return {
    conditions: (await t.db.select().from(conditions).where(eq(conditions.userId, userId)).orderBy(asc(conditions.id))).map(strip),
    allergies: (await t.db.select().from(allergies).where(eq(allergies.userId, userId)).orderBy(asc(allergies.id))).map(strip),
    // By day, as the export writes them.
    immunizations: (await t.db.select().from(immunizations).where(eq(immunizations.userId, userId)).orderBy(asc(immunizations.date), asc(immunizations.id))).map(strip),
  };
}

/** How many rows each list has. */
async function listCounts(userId: number) {
  const lists = await healthLists(userId);
  return { conditions: lists.conditions.length, allergies: lists.allergies.length, immunizations: lists.immunizations.length };
}

/** The results of the three list types only. */
const listResults = (results: Results) => results.filter((each) => ['AllergyIntolerance', 'Condition', 'Immunization'].includes(each.resourceType));

/** What another patient portal exports, after Synthea's shape: a patient, their care, and much HealthAssist keeps none of. */
const portalBundle = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      fullUrl: 'urn:uuid:p1',
      resource: {
        resourceType: 'Patient',
        id: 'p1',
        name: [{ use: 'official', family: 'Lee', given: ['Samantha', 'J.'] }],
        birthDate: '1984-02-29',
        gender: 'female',
        telecom: [{ system: 'phone', value: '555-201-3300' }, { system: 'email', value: 'someone@portal.example' }],
        extension: [{ url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex', valueCode: 'F' }],
      },
    },
    { fullUrl: 'urn:uuid:e1', resource: { resourceType: 'Encounter', status: 'finished', class: { code: 'AMB' } } },
    { fullUrl: 'urn:uuid:o1', resource: { resourceType: 'Observation', status: 'final', code: { text: 'Body weight' } } },
    { fullUrl: 'urn:uuid:o2', resource: { resourceType: 'Observation', status: 'final', code: { text: 'Body height' } } },
    { fullUrl: 'urn:uuid:c1', resource: { resourceType: 'Condition', code: { coding: [{ system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' }] } } },
    { fullUrl: 'urn:uuid:c2', resource: { resourceType: 'Condition', code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006' }] } } },
    { fullUrl: 'urn:uuid:m1', resource: { resourceType: 'MedicationRequest', status: 'active', intent: 'order' } },
    { fullUrl: 'urn:uuid:m2', resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Lisinopril 10 mg daily' } } },
    {
      fullUrl: 'urn:uuid:a1',
      resource: {
        resourceType: 'AllergyIntolerance',
        code: { text: 'Peanuts' },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'entered-in-error' }] },
      },
    },
    { fullUrl: 'urn:uuid:a2', resource: { resourceType: 'AllergyIntolerance', code: { text: 'Penicillin' } } },
    { fullUrl: 'urn:uuid:i1', resource: { resourceType: 'Immunization', status: 'completed', vaccineCode: { text: 'Influenza vaccine' }, occurrenceDateTime: '2025-10-01T09:00:00Z' } },
    { fullUrl: 'urn:uuid:i2', resource: { resourceType: 'Immunization', status: 'not-done', vaccineCode: { text: 'Shingles vaccine' }, occurrenceDateTime: '2025-10-01' } },
    { fullUrl: 'urn:uuid:pr1', resource: { resourceType: 'Procedure', status: 'completed', code: { text: 'Colonoscopy' }, performedPeriod: { start: '2024-06-12T08:00:00Z' } } },
    {
      fullUrl: 'urn:uuid:doc1',
      resource: { resourceType: 'Practitioner', id: 'doc1', name: [{ prefix: ['Dr.'], given: ['Lena'], family: 'Ortiz' }], qualification: [{ code: { text: 'Dentistry' } }] },
    },
    {
      fullUrl: 'urn:uuid:ap1',
      resource: {
        resourceType: 'Appointment',
        status: 'booked',
        start: '2030-05-01T14:30:00Z',
        serviceType: [{ text: 'Dental cleaning' }],
        participant: [{ actor: { reference: 'Practitioner/doc1' } }, { actor: { reference: 'urn:uuid:p1' } }],
      },
    },
    { fullUrl: 'urn:uuid:ap2', resource: { resourceType: 'Appointment', status: 'booked', start: '2030-06-01T10:00:00Z', participant: [{ actor: { reference: 'urn:uuid:p1' } }] } },
    {
      fullUrl: 'urn:uuid:cov1',
      resource: { resourceType: 'Coverage', status: 'active', payor: [{ display: 'Northwind Health' }], subscriberId: 'NW-123', period: { start: '2026-01-01' }, order: 1 },
    },
    {
      fullUrl: 'urn:uuid:d1',
      resource: { resourceType: 'DocumentReference', status: 'current', description: 'Discharge', content: [{ attachment: { contentType: 'application/pdf', title: 'discharge.pdf', data: base64(pdf) } }] },
    },
    { fullUrl: 'urn:uuid:d2', resource: { resourceType: 'DocumentReference', status: 'current', content: [{ attachment: { contentType: 'application/pdf', url: 'https://portal.example/doc/2' } }] } },
    { fullUrl: 'urn:uuid:d3', resource: { resourceType: 'DocumentReference', status: 'current', content: [{ attachment: { contentType: 'image/png', data: base64(pdf) } }] } },
  ],
};

describe('a Bundle from another patient portal', () => {
  it('adds what maps, counts every resource, and says why each other one was skipped', async () => {
    await freshPatient();
    const response = await post(portalBundle);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 1, alreadyThere: 0, skipped: [{ reason: 'is entered-in-error', count: 1 }] },
      {
        resourceType: 'Appointment',
        imported: 1,
        alreadyThere: 0,
        skipped: [{ reason: 'names no practitioner of the Bundle (HealthAssist keeps an appointment with a provider)', count: 1 }],
      },
      { resourceType: 'Condition', imported: 1, alreadyThere: 0, skipped: [{ reason: 'says nothing in words (a bare code)', count: 1 }] },
      { resourceType: 'Coverage', imported: 1, alreadyThere: 0, skipped: [] },
      {
        resourceType: 'DocumentReference',
        imported: 1,
        alreadyThere: 0,
        skipped: [
          { reason: 'links to its document instead of holding it', count: 1 },
          { reason: 'its bytes are not the type it names', count: 1 },
        ],
      },
      { resourceType: 'Encounter', imported: 0, alreadyThere: 0, skipped: [{ reason: 'HealthAssist keeps no Encounter', count: 1 }] },
      { resourceType: 'Immunization', imported: 1, alreadyThere: 0, skipped: [{ reason: 'was not given (not-done)', count: 1 }] },
      { resourceType: 'MedicationRequest', imported: 0, alreadyThere: 0, skipped: [{ reason: 'names no medication in words (a bare code)', count: 1 }] },
      { resourceType: 'MedicationStatement', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'Observation', imported: 0, alreadyThere: 0, skipped: [{ reason: 'has no LOINC code, by which HealthAssist knows vital signs and lab tests', count: 2 }] },
      { resourceType: 'Patient', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'Practitioner', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'Procedure', imported: 1, alreadyThere: 0, skipped: [] },
    ]);

    const user = (await api(t.app, 'GET', '/api/users/1')).body;
    expect(user).toMatchObject({
      displayName: 'Samantha J. Lee',
      firstName: 'Samantha J.',
      lastName: 'Lee',
      dateOfBirth: '1984-02-29',
      phoneNumber: '555-201-3300',
      sexAtBirth: 'female',
      email: 'sam@example.com',
      allergies: 'Penicillin',
      medications: null,
      existingConditions: 'Hypertension',
    });
    // The lists (issue 34): the coded condition with its code, the allergy, the vaccine given (no longer a care item).
    expect(await healthLists(1)).toEqual({
      conditions: [{ name: 'Hypertension', codes: [{ system: SNOMED, code: '38341003', display: 'Hypertension' }], clinicalStatus: 'active', onsetDate: null, abatementDate: null, note: null }],
      allergies: [{ substance: 'Penicillin', codes: [], type: null, criticality: null, reactions: [], status: 'active', note: null }],
      immunizations: [{ vaccine: 'Influenza vaccine', codes: [], date: '2025-10-01', doseNumber: null, lotNumber: null, site: null, performer: null, note: null }],
    });
    // The statement is a medication now (issue 32); the words that state a schedule are its instructions, not a schedule.
    expect(await medicationsOf(1)).toEqual([
      expect.objectContaining({ name: 'Lisinopril', strength: '10 mg', status: 'active', schedule: { kind: 'as-needed' }, instructions: 'Lisinopril 10 mg daily' }),
    ]);
    expect((await api(t.app, 'GET', '/api/providers/1')).body).toMatchObject([{ name: 'Dr. Lena Ortiz', specialty: 'Dentistry' }]);
    expect((await api(t.app, 'GET', '/api/appointments/1')).body).toMatchObject([
      { appointmentType: 'Dental cleaning', appointmentDate: '2030-05-01', appointmentTime: '14:30', status: 'scheduled' },
    ]);
    expect((await api(t.app, 'GET', '/api/insurance/1')).body).toMatchObject([{ provider: 'Northwind Health', memberId: 'NW-123', effectiveDate: '2026-01-01', isPrimary: true }]);
    const care = (await api(t.app, 'GET', '/api/preventative-care/1')).body as { careName: string; status: string; lastCompleted: string }[];
    expect(care.map(({ careName, status, lastCompleted }) => ({ careName, status, lastCompleted }))).toEqual([
      { careName: 'Colonoscopy', status: 'completed', lastCompleted: '2024-06-12' },
    ]);
    const [record] = await t.db.select().from(medicalRecords).where(eq(medicalRecords.userId, 1));
    expect(record).toMatchObject({ filename: 'discharge.pdf', fileType: 'application/pdf', description: 'Discharge' });
    const pieces: Buffer[] = [];
    for await (const piece of readDocumentChunks(t.db, record!.id)) pieces.push(piece);
    expect(Buffer.concat(pieces).equals(pdf)).toBe(true);

    // The same Bundle again: the lists are not doubled, and the answer says why.
    const lists = await healthLists(1);
    const again = (await post(portalBundle)).json().results as Results;
    expect(again.filter((each) => ['AllergyIntolerance', 'Condition', 'Immunization'].includes(each.resourceType))).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 0, alreadyThere: 1, skipped: [{ reason: 'is entered-in-error', count: 1 }] },
      { resourceType: 'Condition', imported: 0, alreadyThere: 1, skipped: [{ reason: 'says nothing in words (a bare code)', count: 1 }] },
      { resourceType: 'Immunization', imported: 0, alreadyThere: 1, skipped: [{ reason: 'was not given (not-done)', count: 1 }] },
    ]);
    expect(await healthLists(1)).toEqual(lists);
  });

  it('takes application/json too; refuses what is not a Bundle, and an install without a patient, writing nothing', async () => {
    await freshPatient();
    expect((await post({ resourceType: 'Bundle', entry: [] }, 'application/json')).json()).toEqual({ results: [] });
    let before = await dataFingerprint(t.db);
    const notBundle = await post({ resourceType: 'Patient' });
    expect(notBundle.statusCode).toBe(400);
    expect(notBundle.json()).toEqual({ message: "resourceType: must be 'Bundle'" });
    expect(await dataFingerprint(t.db)).toBe(before);

    await wipeData(t.db);
    before = await dataFingerprint(t.db);
    const noPatient = await post(portalBundle);
    expect(noPatient.statusCode).toBe(409);
    expect(noPatient.json()).toEqual({ message: NO_PATIENT_YET });
    expect(await dataFingerprint(t.db)).toBe(before);
  });

  it('skips an entry that holds no resource (a link or a search outcome, valid FHIR), with the reason, and takes the rest', async () => {
    await freshPatient();
    const response = await post({
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [{ fullUrl: 'https://fhir.example.org/Patient/p1', search: { mode: 'include' } }, { fullUrl: 'urn:uuid:p1', resource: { resourceType: 'Patient', birthDate: '1984-02-29' } }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { resourceType: 'Bundle.entry', imported: 0, alreadyThere: 0, skipped: [{ reason: 'holds no resource (a link or a search outcome only)', count: 1 }] },
      { resourceType: 'Patient', imported: 1, alreadyThere: 0, skipped: [] },
    ]);
    expect((await t.db.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, 1)))[0]!.dateOfBirth).toBe('1984-02-29');
  });

  it('names both JSON types it takes when the body is another (415)', async () => {
    await freshPatient();
    const response = await post({ resourceType: 'Bundle', entry: [] }, 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the Bundle as application/fhir+json or application/json' });
  });

  it('skips a resource type named like an object\'s own property (toString, __proto__, constructor), as any other it keeps none of', async () => {
    await freshPatient();
    const entry = ['toString', '__proto__', 'constructor'].map((resourceType) => ({ resource: { resourceType, id: 'x' } }));
    const response = await post({ resourceType: 'Bundle', entry });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual(
      ['__proto__', 'constructor', 'toString'].map((resourceType) => ({
        resourceType,
        imported: 0,
        alreadyThere: 0,
        skipped: [{ reason: `HealthAssist keeps no ${resourceType}`, count: 1 }],
      })),
    );
  });
});

describe('HealthAssist’s own FHIR export', () => {
  it('comes back into a new patient whole: plans, providers, appointments, care items with their completions, documents, medications and their log, the health lists', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    await addMedicationsOfEveryKind(t.db, 1);
    await addHealthListsOfEveryKind(t.db, 1);
    await t.db.update(users).set({ medications: 'Fish oil\nVitamin B12 1,000 mcg weekly', sexAtBirth: 'male' }).where(eq(users.id, 1));
    const exported = await t.app.inject({ method: 'GET', url: '/api/export/fhir' });
    const bundle = JSON.parse(exported.body) as { entry: { resource: { resourceType: string } }[] };
    const lists = async () => ({
      plans: (await api(t.app, 'GET', '/api/insurance/1')).body.length as number,
      providers: (await api(t.app, 'GET', '/api/providers/1')).body.map((provider: { name: string }) => provider.name) as string[],
      appointments: (await api(t.app, 'GET', '/api/appointments/1')).body.map((each: { appointmentType: string; appointmentDate: string; status: string }) => [
        each.appointmentType,
        each.appointmentDate,
        each.status,
      ]),
      care: (await api(t.app, 'GET', '/api/preventative-care/1')).body.map((each: { careName: string; dueDate: string; lastCompleted: string | null }) => [
        each.careName,
        each.dueDate,
        each.lastCompleted,
      ]),
      records: (await api(t.app, 'GET', '/api/medical-records/1')).body.length as number,
      medications: await medicationRecord(1),
      healthLists: await healthLists(1),
    });
    const before = await lists();
    const { allergies: allergyLines, existingConditions: conditionLines } = (await api(t.app, 'GET', '/api/users/1')).body as Record<string, string>;

    // The demo's own export, into a new install of the same patient.
    await freshPatient('Alex Morgan');
    const response = await post(bundle);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as Results;
    const count = (type: string) => bundle.entry.filter((entry) => entry.resource.resourceType === type).length;
    expect(results.map((each) => each.resourceType)).toEqual(
      [
        'AllergyIntolerance',
        'Appointment',
        'Condition',
        'Coverage',
        'DocumentReference',
        'Immunization',
        'MedicationAdministration',
        'MedicationStatement',
        'Observation',
        'Patient',
        'Practitioner',
        'Procedure',
        'ServiceRequest',
      ].filter((type) => count(type) > 0),
    );
    expect(count('MedicationAdministration')).toBeGreaterThan(20);
    for (const result of results) expect(result, result.resourceType).toEqual({ resourceType: result.resourceType, imported: count(result.resourceType), alreadyThere: 0, skipped: [] });
    expect(await lists()).toEqual(before);
    expect(before.medications.medications.map((each) => each.status)).toEqual(expect.arrayContaining(['active', 'paused', 'stopped']));
    expect([count('Condition'), count('AllergyIntolerance'), count('Immunization')]).toEqual([5, 7, 4]);
    expect((await api(t.app, 'GET', '/api/users/1')).body).toMatchObject({
      displayName: 'Alex Morgan',
      allergies: allergyLines,
      existingConditions: conditionLines,
      medications: 'Fish oil\nVitamin B12 1,000 mcg weekly',
      sexAtBirth: 'male',
    });

    // Again: nothing is doubled, and each resource says why.
    const again = (await post(bundle)).json().results as Results;
    expect(listResults(again)).toEqual(
      ['AllergyIntolerance', 'Condition', 'Immunization'].map((resourceType) => ({ resourceType, imported: 0, alreadyThere: count(resourceType), skipped: [] })),
    );
    expect(await healthLists(1)).toEqual(before.healthLists);
    expect(again.filter((each) => each.resourceType.startsWith('Medication'))).toEqual([
      { resourceType: 'MedicationAdministration', imported: 0, alreadyThere: 0, skipped: [{ reason: 'already in the dose log', count: count('MedicationAdministration') }] },
      {
        resourceType: 'MedicationStatement',
        imported: 0,
        alreadyThere: count('MedicationStatement') - 1,
        skipped: [{ reason: 'already in the profile', count: 1 }],
      },
    ]);
    expect(await medicationRecord(1)).toEqual(before.medications);
  });
});

describe('a published sample: Medplum’s mock patient Homer Simpson and his record', () => {
  it('imports what maps and counts the rest, with reasons', async () => {
    const mock = await import('@medplum/mock');
    const resources = [
      mock.HomerSimpson,
      mock.DrAliceSmith,
      mock.HomerEncounter,
      mock.HomerObservation1,
      mock.HomerObservation2,
      mock.HomerObservation3,
      mock.HomerDiagnosticReport,
      mock.HomerServiceRequest,
      mock.HomerCommunication,
      mock.HomerMedia,
      mock.HomerSimpsonSpecimen,
    ];
    await freshPatient('Homer Simpson');
    const response = await post({ resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) });
    expect(response.statusCode, response.body).toBe(200);
    const keepsNo = (resourceType: string, count = 1) => ({ resourceType, imported: 0, alreadyThere: 0, skipped: [{ reason: `HealthAssist keeps no ${resourceType}`, count }] });
    expect(response.json().results).toEqual([
      keepsNo('Communication'),
      keepsNo('DiagnosticReport'),
      keepsNo('Encounter'),
      keepsNo('Media'),
      { resourceType: 'Observation', imported: 0, alreadyThere: 0, skipped: [{ reason: 'has no LOINC code, by which HealthAssist knows vital signs and lab tests', count: 3 }] },
      { resourceType: 'Patient', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'Practitioner', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'ServiceRequest', imported: 0, alreadyThere: 0, skipped: [{ reason: 'names nothing in words (a bare code)', count: 1 }] },
      keepsNo('Specimen'),
    ]);
    expect((await api(t.app, 'GET', '/api/users/1')).body).toMatchObject({ displayName: 'Homer Simpson', firstName: 'Homer', lastName: 'Simpson', dateOfBirth: '1956-05-12' });
    expect((await api(t.app, 'GET', '/api/providers/1')).body).toMatchObject([{ name: 'Alice Smith' }]);
  });
});

describe('medications from other records (issue 32)', () => {
  type Results = { resourceType: string; imported: number; skipped: { reason: string; count: number }[] }[];
  const medicationResults = (results: Results) => results.filter((each) => each.resourceType.startsWith('Medication'));

  it('Synthea: prescriptions renewed at each visit are one medication, timings become schedules, ICU doses that name no prescription are skipped', async () => {
    await freshPatient('Darnell Kuhn');
    const response = await post(syntheaMedications);
    expect(response.statusCode, response.body).toBe(200);
    expect(medicationResults(response.json().results)).toEqual([
      {
        resourceType: 'MedicationAdministration',
        imported: 1,
        alreadyThere: 0,
        skipped: [
          { reason: 'names no medication of the list or of the Bundle', count: 1 },
          { reason: 'was not given, and HealthAssist logs a dose not taken only for a scheduled dose', count: 1 },
        ],
      },
      { resourceType: 'MedicationRequest', imported: 4, alreadyThere: 0, skipped: [{ reason: 'another resource of the Bundle for the same medication is kept (the current one)', count: 1 }] },
    ]);
    const rows = await medicationsOf(1);
    expect(rows.map(({ name, strength, form, dose, status, startDate, endDate, stoppedOn, reason, prescriber, providerId, schedule }) => ({
      name, strength, form, dose, status, startDate, endDate, stoppedOn, reason, prescriber, providerId, schedule,
    }))).toEqual([
      {
        name: 'lisinopril',
        strength: '10 mg',
        form: 'tablet',
        dose: '1',
        status: 'active',
        // The renewal is kept, from the first prescription's day.
        startDate: '2018-03-12',
        endDate: null,
        stoppedOn: null,
        reason: 'Essential hypertension (disorder)',
        prescriber: 'Dr. Willard Hane',
        providerId: null,
        schedule: { kind: 'daily', times: ['08:00'] },
      },
      {
        name: '24 HR Metformin hydrochloride',
        strength: '500 mg',
        form: 'tablet',
        dose: '1',
        status: 'active',
        startDate: '2019-03-18',
        endDate: null,
        stoppedOn: null,
        reason: null,
        prescriber: 'Dr. Willard Hane',
        providerId: null,
        schedule: { kind: 'daily', times: ['08:00', '20:00'] },
      },
      {
        name: 'Amoxicillin',
        strength: '250 mg',
        form: 'capsule',
        dose: null,
        status: 'stopped',
        startDate: '2020-11-02',
        endDate: '2020-11-12',
        stoppedOn: '2020-11-12',
        reason: null,
        prescriber: 'Dr. Willard Hane',
        providerId: null,
        schedule: { kind: 'every-hours', everyHours: 6, firstTime: '08:00' },
      },
      {
        name: 'Acetaminophen',
        strength: '325 mg',
        form: 'tablet',
        dose: null,
        status: 'active',
        startDate: '2021-01-05',
        endDate: null,
        stoppedOn: null,
        reason: null,
        prescriber: 'Dr. Willard Hane',
        providerId: null,
        schedule: { kind: 'as-needed' },
      },
    ]);
    // The ICU's dose of the home medication, by its name: taken, outside the schedule.
    const doses = await t.db.select().from(medicationDoses).where(eq(medicationDoses.userId, 1));
    expect(doses).toEqual([
      expect.objectContaining({ medicationId: rows[0]!.id, scheduledDate: null, scheduledTime: null, status: 'taken', takenAt: new Date('2021-02-01T13:12:00Z') }),
    ]);
  });

  it('Epic: a MedicationRequest names its Medication (of the Bundle or contained), its prescriber a Practitioner of the Bundle; the same Bundle again adds nothing', async () => {
    await freshPatient();
    const response = await post(epicMedications);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      {
        resourceType: 'Medication',
        imported: 2,
        alreadyThere: 0,
        skipped: [{ reason: 'is named by no MedicationStatement, MedicationRequest or MedicationAdministration of the Bundle', count: 1 }],
      },
      { resourceType: 'MedicationRequest', imported: 3, alreadyThere: 0, skipped: [] },
      { resourceType: 'Practitioner', imported: 1, alreadyThere: 0, skipped: [] },
    ]);
    const [provider] = await t.db.select().from(providers).where(eq(providers.userId, 1));
    const rows = await medicationsOf(1);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'atorvastatin (LIPITOR)',
        strength: '20 mg',
        form: 'tablet',
        dose: '1 tablet',
        route: 'Oral',
        instructions: 'Take 1 tablet (20 mg total) by mouth nightly.',
        reason: 'High cholesterol',
        prescriber: 'Physician Family Medicine, MD',
        providerId: provider!.id,
        startDate: '2023-04-18',
        refillsLeft: 3,
        status: 'active',
        schedule: { kind: 'daily', times: ['21:00'] },
      }),
      expect.objectContaining({
        name: 'albuterol',
        strength: '90 mcg',
        form: 'inhaler',
        dose: '2 puff',
        route: 'Inhalation',
        instructions: 'Inhale 2 puffs every 4 hours as needed for wheezing.',
        providerId: provider!.id,
        schedule: { kind: 'as-needed' },
      }),
      // Words alone say no timing HealthAssist can trust: as needed, the words kept.
      expect.objectContaining({
        name: 'levothyroxine (SYNTHROID)',
        strength: '50 mcg',
        form: 'tablet',
        dose: null,
        instructions: 'Take 1 tablet by mouth daily',
        providerId: null,
        startDate: '2021-06-02',
        schedule: { kind: 'as-needed' },
      }),
    ]);

    const again = (await post(epicMedications)).json().results as Results;
    expect(medicationResults(again)).toEqual([
      {
        resourceType: 'Medication',
        imported: 0,
        alreadyThere: 0,
        skipped: [
          { reason: 'the resources that name it were not imported', count: 2 },
          { reason: 'is named by no MedicationStatement, MedicationRequest or MedicationAdministration of the Bundle', count: 1 },
        ],
      },
      { resourceType: 'MedicationRequest', imported: 0, alreadyThere: 3, skipped: [] },
    ]);
    expect(await medicationsOf(1)).toHaveLength(3);
  });

  it('IPS: MedicationStatements of a Medication by SNOMED CT or of a concept; one entered in error is skipped', async () => {
    await freshPatient();
    const response = await post(ipsMedications);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { resourceType: 'Medication', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'MedicationStatement', imported: 2, alreadyThere: 0, skipped: [{ reason: 'is entered-in-error', count: 1 }] },
    ]);
    expect(await medicationsOf(1)).toEqual([
      expect.objectContaining({
        name: 'Product containing anastrozole (medicinal product)',
        strength: null,
        dose: '1 tablet',
        route: 'Oral use',
        // A partial date ('2015-03') is no start; a count a day without a period is no schedule.
        startDate: null,
        status: 'active',
        schedule: { kind: 'as-needed' },
      }),
      expect.objectContaining({ name: 'Cimetidine', strength: '200 mg', form: 'tablet', status: 'stopped', startDate: '2016-01-04', stoppedOn: '2016-02-01', endDate: null }),
    ]);
  });

  it('a medication the list has already (same name and strength, whatever the case) is not added again; another strength is another medication', async () => {
    await freshPatient();
    await t.db.insert(medications).values({ userId: 1, name: 'Lisinopril', strength: '10 mg', schedule: { kind: 'daily', times: ['09:00'] } });
    const bundle = (strength: string) => ({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: { resourceType: 'MedicationRequest', status: 'active', intent: 'order', medicationCodeableConcept: { text: `LISINOPRIL ${strength} Oral Tablet` } } }],
    });
    expect((await post(bundle('10 MG'))).json().results).toEqual([{ resourceType: 'MedicationRequest', imported: 0, alreadyThere: 1, skipped: [] }]);
    expect((await post(bundle('20 MG'))).json().results).toEqual([{ resourceType: 'MedicationRequest', imported: 1, alreadyThere: 0, skipped: [] }]);
    expect((await medicationsOf(1)).map(({ name, strength, schedule }) => [name, strength, schedule.kind])).toEqual([
      ['Lisinopril', '10 mg', 'daily'],
      ['LISINOPRIL', '20 mg', 'as-needed'],
    ]);
  });

  it('a SIG that ends as our own words could (\'… as needed\') is the instructions, and the dose is its quantity', async () => {
    await freshPatient();
    const sig = 'Take 1 tablet by mouth every 6 hours as needed';
    const response = await post({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          resource: {
            resourceType: 'MedicationRequest',
            status: 'active',
            intent: 'order',
            medicationCodeableConcept: { text: 'Oxycodone 5 mg tablet' },
            dosageInstruction: [{ text: sig, asNeededBoolean: true, doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }] }],
          },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await medicationsOf(1)).map(({ name, dose, instructions, schedule }) => ({ name, dose, instructions, schedule }))).toEqual([
      { name: 'Oxycodone', dose: '1 tablet', instructions: sig, schedule: { kind: 'as-needed' } },
    ]);
  });

  it('statuses: on hold is paused from today; stopped, cancelled and completed are stopped; a draft, entered in error or not taken is skipped', async () => {
    await freshPatient();
    const request = (status: string, name: string, extra: object = {}) => ({
      resource: { resourceType: 'MedicationRequest', status, intent: 'order', medicationCodeableConcept: { text: name }, ...extra },
    });
    const response = await post({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        request('on-hold', 'Warfarin 5 mg'),
        request('stopped', 'Ibuprofen 400 mg', { authoredOn: '2024-05-01', statusReason: { text: 'Stomach upset' } }),
        request('cancelled', 'Naproxen 250 mg', { authoredOn: '2024-06-01' }),
        request('draft', 'Sertraline 50 mg'),
        request('entered-in-error', 'Digoxin 125 mcg'),
        request('unknown', 'Zinc 25 mg'),
        { resource: { resourceType: 'MedicationStatement', status: 'not-taken', medicationCodeableConcept: { text: 'Aspirin 81 mg' } } },
        request('active', `${'Long'.repeat(51)} 5 mg`),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      {
        resourceType: 'MedicationRequest',
        imported: 3,
        alreadyThere: 0,
        skipped: [
          { reason: 'is a draft', count: 1 },
          { reason: 'is entered-in-error', count: 1 },
          { reason: 'has the status unknown', count: 1 },
          { reason: 'has a name longer than 200 characters', count: 1 },
        ],
      },
      { resourceType: 'MedicationStatement', imported: 0, alreadyThere: 0, skipped: [{ reason: 'says it is not taken', count: 1 }] },
    ]);
    expect((await medicationsOf(1)).map(({ name, status, pausedOn, stoppedOn, stopReason }) => ({ name, status, pausedOn, stoppedOn, stopReason }))).toEqual([
      { name: 'Warfarin', status: 'paused', pausedOn: todayIn(null), stoppedOn: null, stopReason: null },
      { name: 'Ibuprofen', status: 'stopped', pausedOn: null, stoppedOn: '2024-05-01', stopReason: 'Stomach upset' },
      { name: 'Naproxen', status: 'stopped', pausedOn: null, stoppedOn: '2024-06-01', stopReason: null },
    ]);
  });
});

describe('conditions, allergies and immunizations from other records (issue 34)', () => {
  const bareRow = { note: null };

  it('Synthea 3.x (a COVID-19 episode): resolved conditions stay resolved with their end, CVX and SNOMED codes are kept, reactions and criticality too; no care item is made', async () => {
    await freshPatient('Darnell Kuhn');
    const response = await post(syntheaCovid19());
    expect(response.statusCode, response.body).toBe(200);
    expect(listResults(response.json().results)).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 2, alreadyThere: 0, skipped: [] },
      { resourceType: 'Condition', imported: 11, alreadyThere: 0, skipped: [] },
      { resourceType: 'Immunization', imported: 3, alreadyThere: 0, skipped: [] },
    ]);
    const lists = await healthLists(1);
    const covid = lists.conditions.find((each) => each.name === 'COVID-19');
    expect(covid).toEqual({
      ...bareRow,
      name: 'COVID-19',
      codes: [{ system: SNOMED, code: '840539006', display: 'COVID-19' }],
      clinicalStatus: 'resolved',
      onsetDate: '2020-03-02',
      abatementDate: '2020-03-22',
    });
    expect(lists.conditions.filter((each) => each.clinicalStatus === 'resolved')).toHaveLength(9);
    expect(lists.conditions.find((each) => each.name === 'Essential hypertension (disorder)')).toMatchObject({ clinicalStatus: 'active', onsetDate: '2018-03-12', abatementDate: null });
    // The episode that ended is not an "existing condition".
    expect((await api(t.app, 'GET', '/api/users/1')).body).toMatchObject({
      existingConditions: 'Essential hypertension (disorder)\nPrediabetes',
      allergies: 'Allergy to peanut\nHouse dust mite allergy',
    });
    expect(lists.immunizations.map(({ vaccine, codes, date }) => ({ vaccine, cvx: codes.map((each) => [each.system, each.code]), date }))).toEqual([
      { vaccine: 'Tdap', cvx: [[CVX, '115']], date: '2015-04-20' },
      { vaccine: 'Influenza, seasonal, injectable, preservative free', cvx: [[CVX, '140']], date: '2019-10-07' },
      { vaccine: 'Influenza, seasonal, injectable, preservative free', cvx: [[CVX, '140']], date: '2020-10-12' },
    ]);
    expect(lists.allergies[0]).toEqual({
      ...bareRow,
      substance: 'Allergy to peanut',
      codes: [{ system: SNOMED, code: '91935009', display: 'Allergy to peanut' }],
      type: 'allergy',
      criticality: 'high',
      reactions: [
        { manifestation: 'Anaphylaxis (disorder)', severity: 'severe' },
        { manifestation: 'Wheal (finding)', severity: 'moderate' },
      ],
      status: 'active',
    });
    expect(lists.allergies[1]).toMatchObject({ substance: 'House dust mite allergy', criticality: 'low', reactions: [] });
    expect((await api(t.app, 'GET', '/api/preventative-care/1')).body).toEqual([]);
  });

  it('the same Bundle twice adds nothing the second time, and says each item is already in the record', async () => {
    await freshPatient('Darnell Kuhn');
    expect((await post(syntheaCovid19())).statusCode).toBe(200);
    const lists = await healthLists(1);
    expect(await listCounts(1)).toEqual({ conditions: 11, allergies: 2, immunizations: 3 });

    const again = await post(syntheaCovid19());
    expect(again.statusCode).toBe(200);
    expect(listResults(again.json().results)).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 0, alreadyThere: 2, skipped: [] },
      { resourceType: 'Condition', imported: 0, alreadyThere: 11, skipped: [] },
      { resourceType: 'Immunization', imported: 0, alreadyThere: 3, skipped: [] },
    ]);
    expect(await listCounts(1)).toEqual({ conditions: 11, allergies: 2, immunizations: 3 });
    expect(await healthLists(1)).toEqual(lists);
  });

  it('codes survive import → export; the export imported back changes nothing', async () => {
    await freshPatient('Darnell Kuhn');
    expect((await post(syntheaCovid19())).statusCode).toBe(200);
    const exported = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/export/fhir' })).body) as { entry: { resource: Record<string, unknown> & { resourceType: string } }[] };
    const resources = (type: string) => exported.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === type);
    expect(resources('Condition')).toHaveLength(11);
    expect(resources('Condition')).toContainEqual(
      expect.objectContaining({
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'resolved' }] },
        code: { coding: [{ system: SNOMED, code: '840539006', display: 'COVID-19' }], text: 'COVID-19' },
        onsetDateTime: '2020-03-02',
        abatementDateTime: '2020-03-22',
      }),
    );
    // In the record's order (as the archive reads it): compared as a set.
    expect(resources('Immunization').map((each) => (each.vaccineCode as { coding: { system: string; code: string }[] }).coding.map(({ system, code }) => `${system}|${code}`)).sort()).toEqual([
      [`${CVX}|115`],
      [`${CVX}|140`],
      [`${CVX}|140`],
    ]);
    expect(resources('AllergyIntolerance')).toContainEqual(
      expect.objectContaining({
        criticality: 'high',
        code: { coding: [{ system: SNOMED, code: '91935009', display: 'Allergy to peanut' }], text: 'Allergy to peanut' },
        reaction: [
          { manifestation: [{ text: 'Anaphylaxis (disorder)' }], severity: 'severe' },
          { manifestation: [{ text: 'Wheal (finding)' }], severity: 'moderate' },
        ],
      }),
    );

    const lists = await healthLists(1);
    const back = await post(exported);
    expect(back.statusCode, back.body).toBe(200);
    expect(listResults(back.json().results)).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 0, alreadyThere: 2, skipped: [] },
      { resourceType: 'Condition', imported: 0, alreadyThere: 11, skipped: [] },
      { resourceType: 'Immunization', imported: 0, alreadyThere: 3, skipped: [] },
    ]);
    expect(await healthLists(1)).toEqual(lists);
  });

  it('the demo\'s own export imported back into the same record changes nothing in its lists', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    await addHealthListsOfEveryKind(t.db, 1);
    const before = await healthLists(1);
    const exported = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/export/fhir' })).body) as object;
    const response = await post(exported);
    expect(response.statusCode, response.body).toBe(200);
    expect(listResults(response.json().results)).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 0, alreadyThere: 7, skipped: [] },
      { resourceType: 'Condition', imported: 0, alreadyThere: 5, skipped: [] },
      { resourceType: 'Immunization', imported: 0, alreadyThere: 4, skipped: [] },
    ]);
    expect(await healthLists(1)).toEqual(before);
  });

  it('Synthea 2.x: a condition that has ended but states no status is resolved; an allergy without reactions; a Td by CVX', async () => {
    await freshPatient('Darnell Kuhn');
    const response = await post(synthea2Record());
    expect(response.statusCode, response.body).toBe(200);
    expect(listResults(response.json().results)).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 1, alreadyThere: 0, skipped: [] },
      { resourceType: 'Condition', imported: 2, alreadyThere: 0, skipped: [] },
      { resourceType: 'Immunization', imported: 2, alreadyThere: 0, skipped: [] },
    ]);
    const lists = await healthLists(1);
    expect(lists.conditions.map(({ name, clinicalStatus, onsetDate, abatementDate }) => ({ name, clinicalStatus, onsetDate, abatementDate }))).toEqual([
      { name: 'Acute bronchitis (disorder)', clinicalStatus: 'resolved', onsetDate: '2011-02-14', abatementDate: '2011-02-28' },
      { name: 'Chronic sinusitis (disorder)', clinicalStatus: 'active', onsetDate: '2002-05-20', abatementDate: null },
    ]);
    expect(lists.allergies).toEqual([
      { ...bareRow, substance: 'Shellfish allergy', codes: [{ system: SNOMED, code: '300913006', display: 'Shellfish allergy' }], type: 'allergy', criticality: 'low', reactions: [], status: 'active' },
    ]);
    expect(lists.immunizations[0]).toMatchObject({ vaccine: 'Td (adult) preservative free', codes: [{ system: CVX, code: '113' }], date: '2015-08-03' });
  });

  it('IPS (a document): every coding of a condition kept, a dose number in words, the administering performer; "no known" entries, errors and a vaccine not given skipped with why', async () => {
    await freshPatient('Martha DeLarosa');
    const response = await post(ipsHealthLists());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 1, alreadyThere: 0, skipped: [{ reason: 'says there is none known ("no known …"), which is not an item', count: 1 }] },
      { resourceType: 'Composition', imported: 0, alreadyThere: 0, skipped: [{ reason: 'HealthAssist keeps no Composition', count: 1 }] },
      { resourceType: 'Condition', imported: 1, alreadyThere: 0, skipped: [{ reason: 'is entered-in-error', count: 1 }] },
      { resourceType: 'Immunization', imported: 1, alreadyThere: 0, skipped: [{ reason: 'was not given (not-done)', count: 1 }] },
      { resourceType: 'Patient', imported: 1, alreadyThere: 0, skipped: [] },
    ]);
    const lists = await healthLists(1);
    expect(lists.conditions).toEqual([
      {
        ...bareRow,
        name: 'Menopausal flushing (finding)',
        codes: [
          { system: SNOMED, code: '198436008', display: 'Menopausal flushing (finding)' },
          { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'N95.1', display: 'Menopausal and female climacteric states' },
        ],
        clinicalStatus: 'active',
        // A year alone is no day.
        onsetDate: null,
        abatementDate: null,
      },
    ]);
    expect(lists.allergies).toEqual([
      expect.objectContaining({
        substance: 'Substance with penicillin structure and antibacterial mechanism of action (substance)',
        type: 'allergy',
        criticality: 'high',
        reactions: [{ manifestation: 'Eruption of skin (disorder)', severity: 'moderate' }],
      }),
    ]);
    expect(lists.immunizations).toEqual([
      {
        ...bareRow,
        vaccine: 'Pneumococcal vaccine',
        codes: [{ system: SNOMED, code: '871875004', display: 'Pneumococcal vaccine' }],
        date: '2019-11-06',
        doseNumber: 2,
        lotNumber: 'AB1234',
        site: 'left arm',
        performer: 'Nurse Ben Ortiz',
      },
    ]);

    expect(listResults((await post(ipsHealthLists())).json().results).map(({ resourceType, imported, alreadyThere }) => [resourceType, imported, alreadyThere])).toEqual([
      ['AllergyIntolerance', 0, 1],
      ['Condition', 0, 1],
      ['Immunization', 0, 1],
    ]);
  });

  it('an item is in the record already by a shared code and day, or by its words (case aside) and day; an allergy by code or words alone', async () => {
    await freshPatient();
    await createAllergy(t.db, 1, { substance: 'penicillin' });
    await createAllergy(t.db, 1, { substance: 'Tree nuts', codes: [{ system: SNOMED, code: '91934008' }] });
    await createCondition(t.db, 1, { name: 'Asthma' });
    await createCondition(t.db, 1, { name: 'High blood pressure', codes: [{ system: SNOMED, code: '38341003' }], onsetDate: '2018-03-12' });
    await createImmunization(t.db, 1, { vaccine: 'Flu shot', codes: [{ system: CVX, code: '140' }], date: '2020-10-12' });
    const condition = (text: string, coding: object[], onsetDateTime?: string) => ({ resource: { resourceType: 'Condition', code: { text, coding }, onsetDateTime } });
    const response = await post({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'AllergyIntolerance', code: { text: 'Penicillin' } } },
        { resource: { resourceType: 'AllergyIntolerance', code: { text: 'Nuts (tree)', coding: [{ system: SNOMED, code: '91934008' }] } } },
        { resource: { resourceType: 'AllergyIntolerance', code: { text: 'Nuts (tree)', coding: [{ system: 'http://example.org/local', code: '91934008' }] } } },
        // The words, without a day either side; then a day the typed one has not: another item.
        condition('ASTHMA', []),
        condition('Asthma', [], '2010-01-01'),
        // A shared code on the same day, whatever the words; on another day, another episode.
        condition('Hypertensive disorder', [{ system: SNOMED, code: '38341003' }], '2018-03-12T08:00:00-04:00'),
        condition('Hypertensive disorder', [{ system: SNOMED, code: '38341003' }], '2019-03-12'),
        { resource: { resourceType: 'Immunization', status: 'completed', vaccineCode: { text: 'Influenza', coding: [{ system: CVX, code: '140' }] }, occurrenceDateTime: '2020-10-12' } },
        { resource: { resourceType: 'Immunization', status: 'completed', vaccineCode: { text: 'Influenza', coding: [{ system: CVX, code: '140' }] }, occurrenceDateTime: '2021-10-12' } },
        // The same item twice in one Bundle is one item.
        { resource: { resourceType: 'Immunization', status: 'completed', vaccineCode: { text: 'influenza' }, occurrenceDateTime: '2021-10-12' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(listResults(response.json().results)).toEqual([
      { resourceType: 'AllergyIntolerance', imported: 1, alreadyThere: 2, skipped: [] },
      { resourceType: 'Condition', imported: 2, alreadyThere: 2, skipped: [] },
      { resourceType: 'Immunization', imported: 1, alreadyThere: 2, skipped: [] },
    ]);
    expect(await listCounts(1)).toEqual({ conditions: 4, allergies: 3, immunizations: 2 });
  });

  it('a condition keeps its status (inactive, remission, resolved); refuted and entered in error are skipped; an end before the onset is dropped', async () => {
    await freshPatient();
    const clinical = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code }] });
    const verification = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code }] });
    const response = await post({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Condition', clinicalStatus: clinical('inactive'), code: { text: 'Anemia' } } },
        { resource: { resourceType: 'Condition', clinicalStatus: clinical('remission'), code: { text: 'Lymphoma' }, onsetDateTime: '2015-01-01', abatementPeriod: { start: '2016-01-01', end: '2016-06-01' } } },
        { resource: { resourceType: 'Condition', code: { text: 'Sprained ankle' }, abatementString: 'after a month' } },
        { resource: { resourceType: 'Condition', code: { text: 'Tonsillitis' }, onsetDateTime: '2012-05-01', abatementDateTime: '2012-04-01' } },
        { resource: { resourceType: 'Condition', verificationStatus: verification('refuted'), code: { text: 'Tuberculosis' } } },
        { resource: { resourceType: 'Condition', verificationStatus: verification('entered-in-error'), code: { text: 'Gout' } } },
        { resource: { resourceType: 'Condition', code: { text: 'Kidney stones' }, note: [{ text: 'Two episodes' }, { text: 'Drinks more water' }] } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(listResults(response.json().results)).toEqual([
      {
        resourceType: 'Condition',
        imported: 5,
        alreadyThere: 0,
        skipped: [
          { reason: 'is refuted', count: 1 },
          { reason: 'is entered-in-error', count: 1 },
        ],
      },
    ]);
    expect((await healthLists(1)).conditions.map(({ name, clinicalStatus, onsetDate, abatementDate, note }) => [name, clinicalStatus, onsetDate, abatementDate, note])).toEqual([
      ['Anemia', 'inactive', null, null, null],
      ['Lymphoma', 'remission', '2015-01-01', '2016-06-01', null],
      ['Sprained ankle', 'resolved', null, null, null],
      ['Tonsillitis', 'resolved', '2012-05-01', null, null],
      ['Kidney stones', 'active', null, null, 'Two episodes\n\nDrinks more water'],
    ]);
  });
});
