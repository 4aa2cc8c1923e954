import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import {
  CreateMedicalRecordBody,
  MedicalRecord,
  MedicalRecordFileQuery,
  MedicalRecordList,
  MedicalRecordPage,
  MedicalRecordSummary,
} from '../../shared/contracts/medical-records';
import { PageQuery } from '../../shared/contracts/paging';
import { DOCUMENT_TYPES, documentMessages, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import type { Database } from '../db/client';
import { errorResponses, sendList } from '../http/contract';
import { readUploadBody } from '../http/document-upload-body';
import type { UploadedDocument } from '../db/uploaded-document';
import { payloadTooLarge } from '../core/errors';
import { uploadSlots } from '../http/upload-slots';
import {
  createMedicalRecord,
  deleteMedicalRecord,
  listMedicalRecords,
  pageMedicalRecords,
  summarizeMedicalRecords,
  readMedicalRecordFile,
} from '../services/medical-records';

/** Base64 of the largest document plus room for the other JSON fields; only this route gets it. */
export const UPLOAD_BODY_LIMIT = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 64 * 1024;

/**
 * Served documents are inert: sandboxed (a unique origin, no script), nothing fetched. A document viewer
 * that needs Chromium's PDF plugin may have to relax this for PDFs; it should do so with a test that shows why.
 * The app's document viewer frames them, so they alone may be framed, and by the app only (every other answer says
 * 'none': http/security-headers.ts); X-Frame-Options says the same to browsers that know no frame-ancestors.
 */
const DOCUMENT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/** The document's bytes, in the type detected when it was uploaded, streamed from their stored pieces. */
const documentBytes = {
  description: 'The document, inline or (with download=1) as an attachment under its original filename',
  content: Object.fromEntries(
    DOCUMENT_TYPES.map((type) => [type, { schema: z.custom<Readable>((value) => value instanceof Readable).meta({ format: 'binary' }) }]),
  ),
};

/** Large uploads at once in one process; the next is told to try again (upload-slots.ts). */
const CONCURRENT_LARGE_UPLOADS = 2;

export const medicalRecordsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The upload's JSON is read as it arrives, its document decoded into the pieces it is stored in (ADR 16); this
  // plugin's scope has only the upload with a body, so no other route reads JSON this way.
  const uploadedDocuments = new WeakMap<object, UploadedDocument | null>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: FastifyRequest['raw']) => {
    if (Number(request.headers['content-length']) > UPLOAD_BODY_LIMIT) throw payloadTooLarge(documentMessages.tooLarge);
    const { body, document } = await readUploadBody(payload, UPLOAD_BODY_LIMIT);
    uploadedDocuments.set(request, document);
    return body;
  });

  app.get(
    '/medical-records/:userId',
    { schema: { summary: "The patient's documents, newest first, without their bytes", params: UserIdParams, response: { 200: MedicalRecordList } } },
    async (request, reply) => sendList(reply, await listMedicalRecords(db, request.patient)),
  );

  app.get(
    '/medical-records/:userId/page',
    {
      schema: {
        summary: "A page of the patient's documents, newest first, with an optional search of their names and descriptions",
        params: UserIdParams,
        querystring: PageQuery,
        response: { 200: MedicalRecordPage },
      },
    },
    async (request) => pageMedicalRecords(db, request.patient, request.query),
  );

  app.get(
    '/medical-records/:userId/summary',
    { schema: { summary: 'How many documents the patient has, and the newest', params: UserIdParams, response: { 200: MedicalRecordSummary } } },
    async (request) => summarizeMedicalRecords(db, request.patient),
  );

  app.post(
    '/medical-records',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      onRequest: uploadSlots(CONCURRENT_LARGE_UPLOADS),
      schema: {
        summary: 'Upload a document (PDF, JPEG or PNG, at most 20 MiB)',
        description: `At most ${CONCURRENT_LARGE_UPLOADS} uploads over 1 MiB at once; another gets 503 with Retry-After.`,
        body: CreateMedicalRecordBody,
        response: { 201: MedicalRecord, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const document = uploadedDocuments.get(request) ?? null;
      return reply.status(201).send(await createMedicalRecord(db, request.patient, request.body, document));
    },
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
        .header('Content-Length', file.fileSize)
        .header('Content-Disposition', contentDisposition(file.filename, { type }))
        .header('Content-Security-Policy', DOCUMENT_CSP)
        .header('X-Frame-Options', 'SAMEORIGIN')
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
