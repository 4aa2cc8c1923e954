import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import { CreateMedicalRecordBody, MedicalRecordFileQuery } from '../../shared/contracts/medical-records';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import type { Database } from '../db/client';
import { currentUserId, requireCurrentUser } from '../http/current-user';
import { parseInput } from '../http/errors';
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

export const medicalRecordsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/medical-records/:userId', async (request) => {
    const { userId } = parseInput(UserIdParams, request.params);
    return listMedicalRecords(db, requireCurrentUser(userId));
  });

  app.post('/medical-records', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
    const body = parseInput(CreateMedicalRecordBody, request.body);
    const record = await createMedicalRecord(db, requireCurrentUser(body.userId), body);
    return reply.status(201).send(record);
  });

  app.get('/medical-records/:id/file', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params);
    const { download } = parseInput(MedicalRecordFileQuery, request.query);
    const file = await readMedicalRecordFile(db, currentUserId(), id);
    return reply
      .header('Content-Type', file.fileType)
      .header('Content-Disposition', contentDisposition(file.filename, { type: download === '1' ? 'attachment' : 'inline' }))
      .header('Content-Security-Policy', DOCUMENT_CSP)
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .send(file.contents);
  });

  app.delete('/medical-records/:id', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params);
    await deleteMedicalRecord(db, currentUserId(), id);
    return reply.status(204).send();
  });
};
