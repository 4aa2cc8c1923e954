import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportQuery, ImportResult } from '../../shared/contracts/archive';
import { archiveFilename, exportArchive } from '../archive/export';
import { restoreArchive } from '../archive/restore';
import { exportFhirBundle } from '../fhir/export-fhir';
import type { Database } from '../db/client';
import type { SignInSettings } from '../auth/sign-in-settings';
import { errorResponses } from '../http/contract';
import { requireFreshProof } from '../http/fresh-proof';
import { notFound, payloadTooLarge } from '../core/errors';
import { receiveToFile } from '../http/received-file';

/** What a browser or a script may call a ZIP file. */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

const zipBytes = z.custom<Readable>((value) => value instanceof Readable).meta({ format: 'binary' });
/** Streamed as it is written; its shape is FHIR R4's Bundle (http://hl7.org/fhir/R4/bundle.html). */
const fhirBundle = z.custom<Readable>((value) => value instanceof Readable).meta({ type: 'object', description: 'A FHIR R4 Bundle' });

/**
 * A ZIP body, not yet read: the handler sends it to a file. The stream is held privately, so that what checks every
 * parsed body (its depth, its text: http/contract.ts) sees an object with nothing in it, not a socket to walk.
 */
class ZipBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}
const zipBody = z.instanceof(ZipBody).meta({ type: 'string', format: 'binary' });

export interface ArchiveRouteOptions {
  db: Database;
  /** How recent a proof replacing the record needs (ADR 21). */
  signIn: SignInSettings;
  /** ARCHIVE_MAX_MB in bytes: the most a backup may be, sent or unpacked. */
  maxArchiveBytes: number;
}

export const archiveRoutes: FastifyPluginAsyncZod<ArchiveRouteOptions> = async (app, { db, signIn, maxArchiveBytes }) => {
  // In this scope a body is a ZIP, passed on as it arrives (it goes to a file, not into memory); anything else is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(ZIP_TYPES, (_request, payload, done) => done(null, new ZipBody(payload)));
  const tooLarge = `The backup is larger than ${Math.floor(maxArchiveBytes / 2 ** 20)} MiB, more than this server accepts (ARCHIVE_MAX_MB)`;

  app.get(
    '/export',
    {
      schema: {
        summary: "Everything of the patient's as one ZIP: healthassist.json, documents/ and manifest.json (docs/archive/)",
        response: { 200: { description: 'The archive, as an attachment named healthassist-{yyyy-MM-dd}.zip', content: { 'application/zip': { schema: zipBytes } } } },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const archive = await exportArchive(db, request.patient, now);
      if (!archive) throw notFound('There is no record to download yet');
      return reply.header('Content-Type', 'application/zip').header('Content-Disposition', contentDisposition(archiveFilename(now))).send(archive);
    },
  );

  app.get(
    '/export/fhir',
    {
      schema: {
        summary: "Everything of the patient's as one FHIR R4 Bundle (type collection), documents as DocumentReference attachments",
        description:
          'Patient, Coverage, Practitioner, Appointment, ServiceRequest (care items) and Procedure (their last completion), DocumentReference, ' +
          'Condition, AllergyIntolerance and Immunization (one per item of the health lists, with its codes), and MedicationStatement and ' +
          'MedicationAdministration (the medications and their dose log). Activities and chats are not part of it.',
        response: {
          200: { description: 'The Bundle, as an attachment named healthassist-fhir-{yyyy-MM-dd}.json', content: { 'application/fhir+json': { schema: fhirBundle } } },
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const bundle = await exportFhirBundle(db, request.patient, now);
      if (!bundle) throw notFound('There is no record to download yet');
      return reply
        .header('Content-Type', 'application/fhir+json; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`healthassist-fhir-${now.toISOString().slice(0, 10)}.json`))
        .send(bundle);
    },
  );

  app.post(
    '/import',
    {
      schema: {
        summary: 'Restore a backup that GET /api/export made, as the whole record, in one transaction',
        description:
          'The body is the ZIP (Content-Type: application/zip). An install that already holds a record answers 409 unless replace=true; ' +
          'replace=true wipes the record, so it needs a browser session with fresh proof and is refused to an access token (403, ADR 21). ' +
          'A damaged or changed archive, one of an unknown format version, or one that unpacks to more than ARCHIVE_MAX_MB is refused and nothing is written.',
        querystring: ImportQuery,
        body: zipBody,
        consumes: ZIP_TYPES,
        response: { 201: ImportResult, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const replace = request.query.replace === 'true';
      // Before a byte is read: whoever may not wipe the record need not send it.
      if (replace) requireFreshProof(request, signIn);
      if (Number(request.headers['content-length']) > maxArchiveBytes) throw payloadTooLarge(tooLarge);
      const file = await receiveToFile(request.body.stream, maxArchiveBytes, tooLarge);
      try {
        const restored = await restoreArchive(db, request.patient, file.path, { replace, maxUnpackedBytes: maxArchiveBytes });
        return reply.status(201).send({ restored });
      } finally {
        await file.remove();
      }
    },
  );
};
