import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type PatientRows, readPatientRows } from '../archive/patient-rows';
import type { Database } from '../db/client';
import { readDocumentChunks } from '../db/document-bytes';
import type { Patient } from '../core/patient';
import { patientTimeZone } from '../services/users';
import { documentReference, fhirResources } from './resources';

/** Stands in a DocumentReference's JSON where its bytes go, so that they are written as they are read. */
const DATA_HERE = 'healthassist:document-bytes';

/**
 * The patient's record as one FHIR R4 Bundle of type `collection` (ADR 18), streamed: the resources, then each
 * document as a DocumentReference whose attachment's `data` is the document's base64, written piece by piece as the
 * bytes are read (never a whole document in memory as text). Null when there is no patient yet.
 */
export async function exportFhirBundle(db: Database, patient: Patient, now = new Date()): Promise<Readable | null> {
  const rows = await readPatientRows(db, patient);
  if (!rows) return null;
  const { conditions, allergies, immunizations } = rows;
  const { patientUrl, entries } = fhirResources(rows, { conditions, allergies, immunizations }, await patientTimeZone(db, patient));
  return Readable.from(bundleText(db, rows, entries, patientUrl, now), { objectMode: false });
}

async function* bundleText(db: Database, rows: PatientRows, entries: ReturnType<typeof fhirResources>['entries'], patientUrl: string, now: Date) {
  yield `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(now.toISOString())},"entry":[`;
  let separator = '';
  for (const entry of entries) {
    yield `${separator}${JSON.stringify(entry)}`;
    separator = ',';
  }
  for (const record of rows.medicalRecords) {
    const resource = documentReference(record, patientUrl);
    const attachment = { ...resource.content[0]!.attachment, data: DATA_HERE };
    const json = JSON.stringify({ fullUrl: `urn:uuid:${randomUUID()}`, resource: { ...resource, content: [{ attachment }] } });
    const [before, after] = json.split(JSON.stringify(DATA_HERE)) as [string, string];
    yield `${separator}${before}"`;
    separator = ',';
    // base64 in whole groups of three bytes; what is left of a piece goes before the next.
    let left = Buffer.alloc(0);
    for await (const piece of readDocumentChunks(db, record.id)) {
      const bytes = left.length > 0 ? Buffer.concat([left, piece]) : piece;
      const whole = bytes.length - (bytes.length % 3);
      yield bytes.subarray(0, whole).toString('base64');
      left = Buffer.from(bytes.subarray(whole));
    }
    yield `${left.toString('base64')}"${after}`;
  }
  yield ']}';
}
