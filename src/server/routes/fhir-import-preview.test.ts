import { describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../testing/data-fingerprint';
import { syntheaMedications } from '../../testing/fhir-fixtures';
import { useTestApp } from '../../testing/test-app';
import { samplePdf } from '../db/sample-documents';

// POST /api/import/fhir?preview=true (issue 34): Settings → Data shows what an import would do before anything is
// written. The preview is the import itself, rolled back: the same answer, and not a row changed.

const t = useTestApp();

const post = (body: unknown, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/import/fhir${query}`, headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify(body) });

/** A Synthea-shaped Bundle with a document too, whose bytes go into pieces of their own table. */
const bundle = {
  ...syntheaMedications,
  entry: [
    ...syntheaMedications.entry,
    {
      fullUrl: 'urn:uuid:syn-note',
      resource: {
        resourceType: 'DocumentReference',
        status: 'current',
        content: [{ attachment: { contentType: 'application/pdf', title: 'Discharge summary.pdf', data: samplePdf('Discharge', ['Home in two days']).toString('base64') } }],
      },
    },
  ],
};

describe('a preview of a FHIR import', () => {
  it('answers what the import then does, and writes nothing', async () => {
    const before = await dataFingerprint(t.db);
    // The Bundle is Darnell Kuhn's, the test's patient another: imported as theirs, as the patient may confirm.
    const preview = await post(bundle, '?preview=true&asPatient=confirm');
    expect(preview.statusCode).toBe(200);
    expect(await dataFingerprint(t.db)).toBe(before);

    const imported = await post(bundle, '?asPatient=confirm');
    expect(imported.statusCode).toBe(200);
    expect(preview.json()).toEqual(imported.json());
    expect(await dataFingerprint(t.db)).not.toBe(before);
  });

  it('refuses a query it does not know, naming it', async () => {
    const response = await post(bundle, '?preview=yes');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "preview: must be 'true' or 'false'" });
  });
});
