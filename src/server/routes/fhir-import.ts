import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FhirBundle, FhirImportQuery, FhirImportResult } from '../../shared/contracts/fhir';
import type { Database } from '../db/client';
import { importFhirBundle } from '../fhir/import-fhir';
import { previewFhirImport } from '../fhir/preview-import';
import { addJsonParser, errorResponses } from '../http/contract';

/** A Bundle holds its documents as base64: more room than the API's 1 MiB for JSON, not a lifetime's (the archive is for that). */
export const FHIR_BODY_LIMIT = 64 * 1024 * 1024;

export const fhirImportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  addJsonParser(app, 'application/fhir+json');

  app.post(
    '/import/fhir',
    {
      bodyLimit: FHIR_BODY_LIMIT,
      schema: {
        summary: "Add a FHIR R4 Bundle from another record to the patient's, as much of it as maps",
        description:
          'Patient → the profile (name, birth date, phone, sex at birth, death); Coverage → a plan; Practitioner → a provider; Appointment (with a ' +
          'Practitioner of the Bundle) → an appointment; DocumentReference with its data (PDF, JPEG, PNG) → a record; Procedure, a screening ' +
          'done → a completed care item; Condition, AllergyIntolerance, Immunization → the lists, with their codes; MedicationRequest, ' +
          'MedicationStatement → medications. What the record holds already is counted as alreadyThere and not added again. A Bundle about ' +
          'someone of another name or birth date is a 409 naming both, unless asPatient=confirm. Any other resource, ' +
          'or one without what the mapping needs, or an entry that holds no resource, is skipped with the reason. One transaction; ' +
          'application/fhir+json or application/json (any other is a 415 that names both), at most 64 MiB. With preview=true, the answer ' +
          'is the same and nothing is written.',
        querystring: FhirImportQuery,
        body: FhirBundle,
        consumes: ['application/fhir+json', 'application/json'],
        response: { 200: FhirImportResult, ...errorResponses(409) },
      },
    },
    async (request) => {
      const options = { asPatient: request.query.asPatient === 'confirm' };
      return request.query.preview === 'true'
        ? previewFhirImport(db, request.patient, request.body, options)
        : importFhirBundle(db, request.patient, request.body, options);
    },
  );
};
