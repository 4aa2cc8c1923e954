import { describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../testing/data-fingerprint';
import { createUser } from '../../testing/factories';
import { CODE_SYSTEMS, URI_SYSTEM } from '../../shared/rules/codes';
import { useTestApp } from '../../testing/test-app';
import { wipeData } from '../db/reset';
import { conditions, medications, preventativeCare, providers } from '../db/schema/index';

// Issue 34: an item that comes in keeps the identifiers and fullUrl of the resource it came from, is known by them when
// it comes again — though the record that sent it has since changed its words or its day, or the patient edited it —
// and sends them back out on export, with a practitioner's NPI and a screening's codes.

const t = useTestApp();

const post = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/import/fhir', headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify(body) });

type Results = Array<{ resourceType: string; imported: number; alreadyThere: number; skipped: Array<{ reason: string; count: number }> }>;

const NPI = 'http://hl7.org/fhir/sid/us-npi';
const HOSPITAL = 'https://hospital.example.org/fhir/ids';
const subject = { reference: 'urn:uuid:p1' };
const PPO = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'PPO', display: 'preferred provider organization policy' }] };
const CHECKUP = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0276', code: 'CHECKUP', display: 'A routine check-up' }], text: 'Check-up' };

/** What a hospital sends; `revised` is its later download, after it corrected the words and days of each item. */
function hospitalRecord({ revised = false, withSources = true, withVisit = false } = {}) {
  const source = (id: string) => (withSources ? { fullUrl: `urn:uuid:${id}` } : {});
  const identifier = (value: string) => (withSources ? { identifier: [{ system: HOSPITAL, value }] } : {});
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        ...source('dr'),
        resource: { resourceType: 'Practitioner', ...(withSources ? { identifier: [{ system: NPI, value: '1234567893' }] } : {}), name: [{ text: revised ? 'Lena Ortiz, MD' : 'Dr. Lena Ortiz' }] },
      },
      {
        ...source('htn'),
        resource: {
          resourceType: 'Condition',
          ...identifier('cond-7'),
          subject,
          code: { text: revised ? 'Essential hypertension' : 'High blood pressure' },
          onsetDateTime: revised ? '2015-03-09' : '2015-03-02',
        },
      },
      { ...source('pcn'), resource: { resourceType: 'AllergyIntolerance', ...identifier('alg-2'), patient: subject, code: { text: revised ? 'Penicillin G' : 'Penicillin' } } },
      {
        ...source('flu'),
        resource: {
          resourceType: 'Immunization',
          ...identifier('imm-4'),
          status: 'completed',
          patient: subject,
          vaccineCode: { text: revised ? 'Influenza, seasonal, injectable' : 'Flu shot' },
          occurrenceDateTime: revised ? '2025-10-03' : '2025-10-02',
        },
      },
      {
        ...source('rx'),
        resource: {
          resourceType: 'MedicationRequest',
          ...identifier('rx-9'),
          status: 'active',
          intent: 'order',
          subject,
          medicationCodeableConcept: { text: revised ? 'Zestril 10 MG Oral Tablet' : 'Lisinopril 10 MG Oral Tablet' },
          // As Synthea names a prescriber: a conditional reference by the NPI.
          requester: { reference: `Practitioner?identifier=${NPI}|1234567893` },
        },
      },
      {
        ...source('colonoscopy'),
        resource: {
          resourceType: 'Procedure',
          ...identifier('proc-1'),
          status: 'completed',
          subject,
          code: { coding: [{ system: CODE_SYSTEMS.snomed, code: '73761001', display: 'Colonoscopy' }], text: revised ? 'Screening colonoscopy' : 'Colonoscopy' },
          performedDateTime: revised ? '2019-03-05' : '2019-03-04',
        },
      },
      ...(withVisit
        ? [
            { resource: { resourceType: 'Coverage', status: 'active', payor: [{ display: 'Aetna' }], subscriberId: 'AET-1', period: { start: '2020-01-01' }, type: PPO } },
            {
              resource: {
                resourceType: 'Appointment',
                status: 'booked',
                start: '2030-05-02T09:30:00Z',
                participant: [{ actor: { reference: `Practitioner?identifier=${NPI}|1234567893` } }],
                appointmentType: CHECKUP,
              },
            },
          ]
        : []),
    ],
  };
}

async function freshPatient() {
  await wipeData(t.db);
  await createUser(t.db, { id: 1, displayName: 'Darnell Kuhn', email: 'patient@example.com', onboardedAt: new Date() });
}

/** Each resource type of the record, one resource each, as the answer counts it: [imported, alreadyThere]. */
const eachType = (outcome: 'added' | 'already there') =>
  Object.fromEntries(['AllergyIntolerance', 'Condition', 'Immunization', 'MedicationRequest', 'Practitioner', 'Procedure'].map((type) => [type, outcome === 'added' ? [1, 0] : [0, 1]]));
const importedBy = (results: Results) => Object.fromEntries(results.map((row) => [row.resourceType, [row.imported, row.alreadyThere]]));

describe('an item known by where it came from', () => {
  it('is already in the record when the hospital’s later download has other words and days for it', async () => {
    await freshPatient();
    expect(importedBy((await post(hospitalRecord())).json().results)).toEqual(eachType('added'));
    const before = await dataFingerprint(t.db);
    const again = await post(hospitalRecord({ revised: true }));
    expect(again.statusCode, again.body).toBe(200);
    expect(importedBy(again.json().results)).toEqual(eachType('already there'));
    expect(await dataFingerprint(t.db)).toBe(before);
  });

  it('is known so after the patient renamed it; without identifiers or fullUrl, the revised words are new items', async () => {
    await freshPatient();
    await post(hospitalRecord());
    await t.db.update(conditions).set({ name: 'Hypertension (mine)' });
    expect(importedBy((await post(hospitalRecord({ revised: true }))).json().results).Condition).toEqual([0, 1]);

    await freshPatient();
    await post(hospitalRecord({ withSources: false }));
    expect(importedBy((await post(hospitalRecord({ revised: true, withSources: false }))).json().results)).toEqual(eachType('added'));
  });
});

describe('where an item came from, on export', () => {
  it('sends back its identifiers and fullUrl, a practitioner’s NPI, and a screening’s codes on its care request and procedure', async () => {
    await freshPatient();
    expect((await post(hospitalRecord({ withVisit: true }))).statusCode).toBe(200);
    expect(await t.db.select({ identifiers: providers.identifiers }).from(providers)).toEqual([
      { identifiers: [{ system: NPI, value: '1234567893' }, { system: URI_SYSTEM, value: 'urn:uuid:dr' }] },
    ]);
    // The prescriber named by a conditional reference to the NPI is that provider.
    const [provider] = await t.db.select({ id: providers.id, name: providers.name }).from(providers);
    expect(await t.db.select({ providerId: medications.providerId, prescriber: medications.prescriber }).from(medications)).toEqual([
      { providerId: provider!.id, prescriber: 'Dr. Lena Ortiz' },
    ]);
    expect(await t.db.select({ codes: preventativeCare.codes }).from(preventativeCare)).toEqual([
      { codes: [{ system: CODE_SYSTEMS.snomed, code: '73761001', display: 'Colonoscopy' }] },
    ]);

    const exported = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/export/fhir' })).body) as { entry: Array<{ resource: Record<string, unknown> }> };
    const of = (resourceType: string) => exported.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === resourceType);
    const hospital = (value: string, id: string) => [
      { system: HOSPITAL, value },
      { system: URI_SYSTEM, value: `urn:uuid:${id}` },
    ];
    expect(of('Practitioner').map((resource) => resource.identifier)).toEqual([[{ system: NPI, value: '1234567893' }, { system: URI_SYSTEM, value: 'urn:uuid:dr' }]]);
    expect(of('Condition').map((resource) => resource.identifier)).toEqual([hospital('cond-7', 'htn')]);
    expect(of('AllergyIntolerance').map((resource) => resource.identifier)).toEqual([hospital('alg-2', 'pcn')]);
    expect(of('Immunization').map((resource) => resource.identifier)).toEqual([hospital('imm-4', 'flu')]);
    expect(of('MedicationStatement').map((resource) => resource.identifier)).toEqual([hospital('rx-9', 'rx')]);
    expect(of('ServiceRequest').map((resource) => resource.identifier)).toEqual([hospital('proc-1', 'colonoscopy')]);
    const colonoscopy = { coding: [{ system: CODE_SYSTEMS.snomed, code: '73761001', display: 'Colonoscopy' }], text: 'Colonoscopy' };
    expect(of('ServiceRequest').map((resource) => resource.code)).toEqual([colonoscopy]);
    expect(of('Procedure').map((resource) => resource.code)).toEqual([colonoscopy]);
    // A plan's type and an appointment's, with the codes they came with (the appointment's practitioner named by NPI).
    expect(of('Coverage').map((resource) => resource.type)).toEqual([{ ...PPO, text: 'PPO' }]);
    expect(of('Appointment').map((resource) => resource.appointmentType)).toEqual([CHECKUP]);

    // Imported into a record that has them, the export changes nothing: each is known by what it came with.
    const before = await dataFingerprint(t.db);
    expect((await post(exported)).json().results.filter((row: Results[number]) => row.imported > 0)).toEqual([]);
    expect(await dataFingerprint(t.db)).toBe(before);
  });
});
