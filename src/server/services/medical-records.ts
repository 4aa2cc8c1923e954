import { and, desc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { CreateMedicalRecordBody } from '../../shared/contracts/medical-records';
import { documentMessages, isDocumentType, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import type { Database } from '../db/client';
import { medicalRecordFiles, medicalRecords } from '../db/schema/index';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { recordActivity } from './activity-log';
import { decodeHead, parseBase64DataUrl } from './data-url';
import { findPlan } from './insurance';

type NewRecord = z.output<typeof CreateMedicalRecordBody>;

export function listMedicalRecords(db: Database, userId: number) {
  return db
    .select()
    .from(medicalRecords)
    .where(eq(medicalRecords.userId, userId))
    .orderBy(desc(medicalRecords.uploadDate), desc(medicalRecords.id));
}

/**
 * Checks the upload against its bytes — size decoded, type by magic bytes — then stores the record,
 * its bytes and the activity in one transaction. The bytes stay base64 until PostgreSQL decodes them.
 */
export async function createMedicalRecord(db: Database, userId: number, input: NewRecord) {
  if (!isDocumentType(input.fileType)) throw unsupportedMediaType(documentMessages.wrongType);
  if (input.fileSize > MAX_DOCUMENT_BYTES) throw payloadTooLarge(documentMessages.tooLarge);

  const payload = parseBase64DataUrl(input.fileContents);
  if (!payload) throw badRequest('fileContents: must be a base64 data URL');
  if (payload.byteLength > MAX_DOCUMENT_BYTES) throw payloadTooLarge(documentMessages.tooLarge);
  if (payload.byteLength === 0) throw badRequest('fileContents: the file is empty');

  const detected = await fileTypeFromBuffer(decodeHead(payload.base64, 4100));
  if (detected?.mime !== input.fileType) throw unsupportedMediaType(documentMessages.wrongType);
  if (input.fileSize !== payload.byteLength) {
    throw badRequest(`fileSize: does not match the file contents (${payload.byteLength} bytes)`);
  }
  if (input.insuranceId != null) await findPlan(db, userId, input.insuranceId);

  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(medicalRecords)
      .values({
        userId,
        filename: input.filename,
        fileType: input.fileType,
        fileSize: payload.byteLength,
        description: input.description,
        insuranceId: input.insuranceId ?? null,
      })
      .returning();
    if (!record) throw new Error('insert returned no row');
    await tx.insert(medicalRecordFiles).values({
      recordId: record.id,
      contents: sql`decode(${payload.base64}, 'base64')`,
    });
    await recordActivity(tx, {
      userId,
      activityType: 'record_uploaded',
      description: `Uploaded ${record.filename}`,
      iconType: 'folder_open',
      relatedItemId: record.id,
    });
    return record;
  });
}


export async function readMedicalRecordFile(db: Database, userId: number, id: number) {
  const [file] = await db
    .select({
      filename: medicalRecords.filename,
      fileType: medicalRecords.fileType,
      // Text out, decoded in Node: on PGlite ten times faster than reading the bytea itself.
      base64: sql<string>`encode(${medicalRecordFiles.contents}, 'base64')`,
    })
    .from(medicalRecords)
    .innerJoin(medicalRecordFiles, eq(medicalRecordFiles.recordId, medicalRecords.id))
    .where(and(eq(medicalRecords.id, id), eq(medicalRecords.userId, userId)));
  if (!file) throw notFound('Medical record not found');
  return { filename: file.filename, fileType: file.fileType, contents: Buffer.from(file.base64, 'base64') };
}

export async function deleteMedicalRecord(db: Database, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(medicalRecords)
    .where(and(eq(medicalRecords.id, id), eq(medicalRecords.userId, userId)))
    .returning({ id: medicalRecords.id });
  if (deleted.length === 0) throw notFound('Medical record not found');
}
