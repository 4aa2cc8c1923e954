import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import {
  CreateMedicalRecordBody,
  MedicalRecord,
  MedicalRecordFileQuery,
  MedicalRecordList,
} from '../../shared/contracts/medical-records';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import type { Database } from '../db/client';
import { sendList } from '../http/contract';
import {
  createMedicalRecord,
  deleteMedicalRecord,
  listMedicalRecords,
  readMedicalRecordFile,
} from '../services/medical-records';

/** Base64 of the largest document plus room for the other JSON fields; only this route gets it. */
export const UPLOAD_BODY_LIMIT = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 64 * 1024;

/**
 * Served documents are inert: sandboxed (a unique origin, no script), nothing fetched. A document viewer
 * that needs Chromium's PDF plugin may have to relax this for PDFs; it should do so with a test that shows why.
 */
const DOCUMENT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** The document's bytes, in the type detected when it was uploaded. */
const documentBytes = {
  description: 'The document, inline or (with download=1) as an attachment under its original filename',
  content: Object.fromEntries(
    DOCUMENT_TYPES.map((type) => [type, { schema: z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ format: 'binary' }) }]),
  ),
};

export const medicalRecordsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/medical-records/:userId',
    { schema: { summary: "The patient's documents, newest first, without their bytes", params: UserIdParams, response: { 200: MedicalRecordList } } },
    async (request, reply) => sendList(reply, await listMedicalRecords(db, request.patient)),
  );

  app.post(
    '/medical-records',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { summary: 'Upload a document (PDF, JPEG or PNG, at most 20 MiB)', body: CreateMedicalRecordBody, response: { 201: MedicalRecord } },
    },
    async (request, reply) => reply.status(201).send(await createMedicalRecord(db, request.patient, request.body)),
  );

  app.get(
    '/medical-records/:id/file',
    {
      schema: {
        summary: "A document's bytes",
        params: IdParams,
        querystring: MedicalRecordFileQuery,
        response: { 200: documentBytes },
      },
    },
    async (request, reply) => {
      const file = await readMedicalRecordFile(db, request.patient, request.params.id);
      const type = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('Content-Type', file.fileType)
        .header('Content-Disposition', contentDisposition(file.filename, { type }))
        .header('Content-Security-Policy', DOCUMENT_CSP)
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(file.contents);
    },
  );

  app.delete(
    '/medical-records/:id',
    { schema: { summary: 'Delete a document and its bytes', params: IdParams, response: { 204: z.null().meta({ description: 'Deleted' }) } } },
    async (request, reply) => {
      await deleteMedicalRecord(db, request.patient, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
