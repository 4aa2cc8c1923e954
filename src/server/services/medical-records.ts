import { desc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { MedicalRecord, type CreateMedicalRecordBody } from '../../shared/contracts/medical-records';
import { documentMessages, isDocumentType, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { medicalRecordFiles, medicalRecords } from '../db/schema/index';
import type { Patient } from '../http/current-patient';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { recordActivity } from './activity-log';
import { decodeHead, parseBase64DataUrl } from './data-url';
import { findPlan } from './insurance';
import { foundOr404, ownRow, ownRows } from './owned';

type NewRecord = Omit<z.output<typeof CreateMedicalRecordBody>, 'userId'>;

const newestRecordsFirst = jsonList(medicalRecords, MedicalRecord, [desc(medicalRecords.uploadDate), desc(medicalRecords.id)]);

/** The query of the list, for the bench's driver baseline. */
export const medicalRecordsListQuery = (patient: Patient) => newestRecordsFirst.query(ownRows(medicalRecords, patient));

export function listMedicalRecords(db: Database, patient: Patient) {
  return newestRecordsFirst.read(db, ownRows(medicalRecords, patient));
}

/**
 * Checks the upload against its bytes — size decoded, type by magic bytes — then stores the record,
 * its bytes and the activity in one transaction. The bytes stay base64 until PostgreSQL decodes them.
 */
export async function createMedicalRecord(db: Database, patient: Patient, input: NewRecord) {
  const { fileType } = input;
  if (!isDocumentType(fileType)) throw unsupportedMediaType(documentMessages.wrongType);
  if (input.fileSize > MAX_DOCUMENT_BYTES) throw payloadTooLarge(documentMessages.tooLarge);

  const payload = parseBase64DataUrl(input.fileContents);
  if (!payload) throw badRequest('fileContents: must be a base64 data URL');
  if (payload.byteLength > MAX_DOCUMENT_BYTES) throw payloadTooLarge(documentMessages.tooLarge);
  if (payload.byteLength === 0) throw badRequest('fileContents: the file is empty');

  const detected = await fileTypeFromBuffer(decodeHead(payload.base64, 4100));
  if (detected?.mime !== fileType) throw unsupportedMediaType(documentMessages.wrongType);
  if (input.fileSize !== payload.byteLength) {
    throw badRequest(`fileSize: does not match the file contents (${payload.byteLength} bytes)`);
  }
  if (input.insuranceId != null) await findPlan(db, patient, input.insuranceId);

  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(medicalRecords)
      .values({
        userId: patient.id,
        filename: input.filename,
        fileType,
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
    await recordActivity(tx, patient, 'record_uploaded', { filename: record.filename }, record.id);
    return record;
  });
}


export async function readMedicalRecordFile(db: Database, patient: Patient, id: number) {
  const rows = await db
    .select({
      filename: medicalRecords.filename,
      fileType: medicalRecords.fileType,
      // Text out, decoded in Node: on PGlite ten times faster than reading the bytea itself.
      base64: sql<string>`encode(${medicalRecordFiles.contents}, 'base64')`,
    })
    .from(medicalRecords)
    .innerJoin(medicalRecordFiles, eq(medicalRecordFiles.recordId, medicalRecords.id))
    .where(ownRow(medicalRecords, patient, id));
  const file = foundOr404(rows, 'Medical record');
  return { filename: file.filename, fileType: file.fileType, contents: Buffer.from(file.base64, 'base64') };
}

export async function deleteMedicalRecord(db: Database, patient: Patient, id: number): Promise<void> {
  const deleted = await db.delete(medicalRecords).where(ownRow(medicalRecords, patient, id)).returning({ id: medicalRecords.id });
  foundOr404(deleted, 'Medical record');
}
