import type { FhirBundle, FhirImportResult } from '../../shared/contracts/fhir';
import type { Database } from '../db/client';
import type { Patient } from '../core/patient';
import { importFhirBundle, type FhirImportOptions } from './import-fhir';

/** Carries the preview's answer out of the transaction it rolls back. */
class PreviewDone extends Error {
  constructor(readonly result: FhirImportResult) {
    super('preview: rolled back');
  }
}

/**
 * What importing the Bundle would do, from the import itself rather than a second reading of the rules: it runs in a
 * transaction that is then rolled back, so the counts (imported, already in the record, skipped and why) are exactly
 * the real import's and nothing is written.
 */
export async function previewFhirImport(db: Database, patient: Patient, bundle: FhirBundle, options: FhirImportOptions = {}): Promise<FhirImportResult> {
  try {
    await db.transaction(async (tx) => {
      throw new PreviewDone(await importFhirBundle(tx, patient, bundle, options));
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.result;
    throw error;
  }
  throw new Error('preview: the transaction ended without an answer');
}
