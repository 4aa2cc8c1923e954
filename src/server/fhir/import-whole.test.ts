import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../testing/data-fingerprint';
import { createUser } from '../../testing/factories';
import { syntheaCovid19, syntheaMedications } from '../../testing/fhir-fixtures';
import { CODE_SYSTEMS } from '../../shared/rules/codes';
import { api, useTestApp } from '../../testing/test-app';
import { wipeData } from '../db/reset';
import { activities, medications, preventativeCare, users } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';

// Issue 34: what a real Bundle does to a whole record. Another person's is refused; the same one twice, or the app's
// own export imported back, adds nothing; a procedure that is not a screening is no care item; the import is in the
// feed and a first import of the patient's own record completes onboarding; a patient who has died is marked so.

const t = useTestApp();

const post = (body: unknown, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/import/fhir${query}`, headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify(body) });

type Results = Array<{ resourceType: string; imported: number; alreadyThere: number; skipped: Array<{ reason: string; count: number }> }>;
const added = (results: Results) => results.reduce((sum, row) => sum + row.imported, 0);

async function patientNamed(displayName: string, fields: Partial<typeof users.$inferInsert> = {}) {
  await wipeData(t.db);
  await createUser(t.db, { id: 1, displayName, email: 'patient@example.com', onboardedAt: new Date(), ...fields });
}

const subject = { reference: 'urn:uuid:p1' };
const SNOMED = 'http://snomed.info/sct';
const RXNORM = CODE_SYSTEMS.rxnorm;

/** A Synthea-shaped record with what the earlier import doubled: a practitioner, a plan, an appointment, procedures. */
function visitRecord(patient: Record<string, unknown> = {}) {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: 'urn:uuid:p1', resource: { resourceType: 'Patient', id: 'p1', name: [{ use: 'official', family: 'Kuhn341', given: ['Darnell974'] }], birthDate: '1961-07-14', ...patient } },
      { fullUrl: 'urn:uuid:dr', resource: { resourceType: 'Practitioner', id: 'dr', name: [{ family: 'Ortiz', given: ['Lena'], prefix: ['Dr.'] }] } },
      {
        fullUrl: 'urn:uuid:cov',
        resource: { resourceType: 'Coverage', status: 'active', payor: [{ display: 'Aetna' }], subscriberId: 'AET-1', period: { start: '2020-01-01' }, order: 1 },
      },
      {
        fullUrl: 'urn:uuid:visit',
        resource: { resourceType: 'Appointment', status: 'booked', start: '2030-05-02T09:30:00Z', participant: [{ actor: { reference: 'urn:uuid:dr' } }], appointmentType: { text: 'Checkup' } },
      },
      {
        fullUrl: 'urn:uuid:colonoscopy',
        resource: { resourceType: 'Procedure', status: 'completed', code: { coding: [{ system: SNOMED, code: '73761001', display: 'Colonoscopy' }] }, subject, performedDateTime: '2019-03-04T10:00:00Z' },
      },
      ...Array.from({ length: 3 }, (_, n) => ({
        fullUrl: `urn:uuid:chemo-${n}`,
        resource: {
          resourceType: 'Procedure',
          status: 'completed',
          code: { coding: [{ system: SNOMED, code: '367336001', display: 'Chemotherapy (procedure)' }] },
          subject,
          performedPeriod: { start: `2018-0${n + 1}-10T10:00:00Z`, end: `2018-0${n + 1}-10T14:00:00Z` },
        },
      })),
    ],
  };
}

describe('another person’s Bundle', () => {
  it('is refused with both names and changes nothing; confirmed, it is imported and the record keeps its name', async () => {
    await patientNamed('Alex Morgan', { firstName: 'Alex', lastName: 'Morgan', dateOfBirth: '1979-04-12' });
    const before = await dataFingerprint(t.db);
    const refused = await post(syntheaCovid19());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This file is about Darnell Kuhn, born Jul 14, 1961; this record is Alex Morgan, born Apr 12, 1979. Import it only if it is the same person: the record keeps its own name and birth date.',
    );
    expect(await dataFingerprint(t.db)).toBe(before);
    expect((await post(syntheaCovid19(), '?preview=true')).statusCode).toBe(409);

    const confirmed = await post(syntheaCovid19(), '?asPatient=confirm');
    expect(confirmed.statusCode).toBe(200);
    const results = confirmed.json().results as Results;
    expect(results.find((row) => row.resourceType === 'Patient')).toEqual({
      resourceType: 'Patient',
      imported: 0,
      alreadyThere: 0,
      skipped: [{ reason: 'is about another name or birth date: the record keeps its own, as the patient asked', count: 1 }],
    });
    expect(added(results)).toBeGreaterThan(0);
    expect((await api(t.app, 'GET', '/api/users/1')).body).toMatchObject({ displayName: 'Alex Morgan', dateOfBirth: '1979-04-12' });
  });
});

describe('the same Bundle twice', () => {
  it('adds nothing the second time, and says what is already in the record; a treatment is no care item', async () => {
    await patientNamed('Darnell Kuhn');
    const first = (await post(visitRecord())).json().results as Results;
    expect(first.find((row) => row.resourceType === 'Procedure')).toEqual({
      resourceType: 'Procedure',
      imported: 1,
      alreadyThere: 0,
      skipped: [{ reason: 'is a treatment or procedure, not a screening: HealthAssist keeps no procedure history yet', count: 3 }],
    });
    expect((await t.db.select({ careName: preventativeCare.careName }).from(preventativeCare)).map((row) => row.careName)).toEqual(['Colonoscopy']);

    const before = await dataFingerprint(t.db);
    const again = (await post(visitRecord())).json().results as Results;
    expect(added(again)).toBe(0);
    expect(again.map(({ resourceType, alreadyThere }) => [resourceType, alreadyThere])).toEqual([
      ['Appointment', 1],
      ['Coverage', 1],
      ['Patient', 1],
      ['Practitioner', 1],
      ['Procedure', 1],
    ]);
    expect(await dataFingerprint(t.db)).toBe(before);
  });

  it('the app’s own export imported back changes nothing', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    const exported = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/export/fhir' })).body);
    const before = await dataFingerprint(t.db);
    const response = await post(exported);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as Results;
    expect(results.filter((row) => row.imported > 0)).toEqual([]);
    expect(await dataFingerprint(t.db)).toBe(before);
  });
});

describe('what an import leaves besides the items', () => {
  it('is written to the activity feed, completes onboarding on a first import, and a preview does neither', async () => {
    await patientNamed('Darnell Kuhn', { onboardedAt: null });
    expect((await post(visitRecord(), '?preview=true')).statusCode).toBe(200);
    expect(await t.db.select().from(activities)).toEqual([]);
    expect((await api(t.app, 'GET', '/api/setup')).body).toMatchObject({ onboarding: 'needed' });

    const results = (await post(visitRecord())).json().results as Results;
    const feed = await t.db.select({ type: activities.activityType, description: activities.description }).from(activities);
    expect(feed).toEqual([{ type: 'records_imported', description: `Imported ${added(results)} items from a FHIR file` }]);
    expect((await api(t.app, 'GET', '/api/setup')).body).toMatchObject({ onboarding: 'done' });
  });

  it('marks a patient who has died: no recommendations, the age at death', async () => {
    await patientNamed('Darnell Kuhn');
    expect((await post(visitRecord({ deceasedDateTime: '1996-07-01T04:00:00-05:00' }))).statusCode).toBe(200);
    const [row] = await t.db.select({ deceased: users.deceased, deceasedDate: users.deceasedDate }).from(users).where(eq(users.id, 1));
    expect(row).toEqual({ deceased: true, deceasedDate: '1996-07-01' });
    const recommendations = (await api(t.app, 'GET', '/api/preventative-care/recommendations/1')).body;
    expect(recommendations).toMatchObject({ age: 34, deceased: true, rows: [] });
  });
});

describe('a medication’s codes (issue 34)', () => {
  it('come in with a prescription and go back out on export', async () => {
    await patientNamed('Darnell Kuhn');
    expect((await post(syntheaMedications)).statusCode).toBe(200);
    const stored = await t.db.select({ name: medications.name, codes: medications.codes }).from(medications);
    const rxnorm = stored.flatMap((row) => row.codes.filter((coding) => coding.system === RXNORM).map((coding) => [row.name, coding.code]));
    expect(rxnorm.length).toBeGreaterThan(0);

    const exported = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/export/fhir' })).body) as { entry: Array<{ resource: Record<string, unknown> }> };
    const statements = exported.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === 'MedicationStatement');
    const exportedCodes = statements.flatMap((resource) => ((resource.medicationCodeableConcept as { coding?: Array<{ system: string; code: string }> }).coding ?? []).filter((coding) => coding.system === RXNORM).map((coding) => coding.code));
    expect(exportedCodes.sort()).toEqual(rxnorm.map(([, code]) => code).sort());
  });
});
