import { Readable } from 'node:stream';
import { and, count, desc } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { MedicalRecord, type CreateMedicalRecordBody } from '../../shared/contracts/medical-records';
import { documentMessages, isDocumentType, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { pageQuery, readPage, type PagedTable } from '../db/keyset-page';
import type { PageQuery } from '../../shared/contracts/paging';
import { readDocumentChunks, storeDocumentChunks } from '../db/document-bytes';
import { isInsuranceDocument, medicalRecords } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../core/errors';
import { recordActivity } from './activity-log';
import type { UploadedDocument } from '../db/uploaded-document';
import { findPlan } from './insurance';

type NewRecord = Omit<z.output<typeof CreateMedicalRecordBody>, 'userId'>;

const newestRecordsFirst = jsonList(medicalRecords, MedicalRecord, [desc(medicalRecords.uploadDate), desc(medicalRecords.id)]);

/** The query of the list, for the bench's driver baseline. */
export const medicalRecordsListQuery = (patient: Patient) => newestRecordsFirst.query(ownRows(medicalRecords, patient));

export function listMedicalRecords(db: Database, patient: Patient) {
  return newestRecordsFirst.read(db, ownRows(medicalRecords, patient));
}

/** The documents page newest first, by the same index as the whole list. */
const pagedRecords: PagedTable = { table: medicalRecords, time: medicalRecords.uploadDate, id: medicalRecords.id, search: medicalRecords.search };

type RecordRow = z.output<typeof MedicalRecord>;

export const medicalRecordsPageQuery = (db: Database, patient: Patient, query: PageQuery) =>
  pageQuery(db, pagedRecords, MedicalRecord, ownRows(medicalRecords, patient), query);

export const insuranceDocumentsPageQuery = (db: Database, patient: Patient, query: PageQuery) =>
  pageQuery(db, pagedRecords, MedicalRecord, and(ownRows(medicalRecords, patient), isInsuranceDocument(medicalRecords))!, query);

/** How many documents the patient has, and the newest (the first page of one): never the list itself. */
export async function summarizeMedicalRecords(db: Database, patient: Patient) {
  const [counted] = await db.select({ count: count() }).from(medicalRecords).where(ownRows(medicalRecords, patient));
  const firstOfOne: PageQuery = { limit: 1, q: undefined };
  const newest = await readPage<RecordRow>(medicalRecordsPageQuery(db, patient, firstOfOne), firstOfOne);
  return { count: counted?.count ?? 0, latest: newest.items[0] ?? null };
}

/** A page of the patient's documents (ADR 19). */
export function pageMedicalRecords(db: Database, patient: Patient, query: PageQuery) {
  return readPage<RecordRow>(medicalRecordsPageQuery(db, patient, query), query);
}

/** A page of the patient's insurance documents (ADR 19). */
export function pageInsuranceDocuments(db: Database, patient: Patient, query: PageQuery) {
  return readPage<RecordRow>(insuranceDocumentsPageQuery(db, patient, query), query);
}

/** 'data:application/pdf;base64' — any media type, as FileReader writes it; the bytes decide the type. */
const DATA_URL_HEADER = /^data:[^,]*;base64$/i;

/**
 * Checks the upload against its bytes — size decoded, type by magic bytes — then stores the record, its bytes (in the
 * pieces they were decoded into while the body arrived) and the activity in one transaction.
 */
export async function createMedicalRecord(db: Database, patient: Patient, input: NewRecord, document: UploadedDocument | null) {
  const { fileType } = input;
  if (!isDocumentType(fileType)) throw unsupportedMediaType(documentMessages.wrongType);
  if (input.fileSize > MAX_DOCUMENT_BYTES) throw payloadTooLarge(documentMessages.tooLarge);

  if (document?.fault === 'too-large') throw payloadTooLarge(documentMessages.tooLarge);
  if (!document || document.fault || document.header === null || !DATA_URL_HEADER.test(document.header)) {
    throw badRequest('fileContents: must be a base64 data URL');
  }
  if (document.byteLength === 0) throw badRequest('fileContents: the file is empty');

  // The first piece holds the first 256 KiB: more than file-type reads to recognise a type.
  const detected = await fileTypeFromBuffer(document.chunks[0]!);
  if (detected?.mime !== fileType) throw unsupportedMediaType(documentMessages.wrongType);
  if (input.fileSize !== document.byteLength) {
    throw badRequest(`fileSize: does not match the file contents (${document.byteLength} bytes)`);
  }
  if (input.insuranceId != null) await findPlan(db, patient, input.insuranceId);

  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(medicalRecords)
      .values({
        userId: patient.id,
        filename: input.filename,
        fileType,
        fileSize: document.byteLength,
        description: input.description,
        insuranceId: input.insuranceId ?? null,
      })
      .returning();
    if (!record) throw new Error('insert returned no row');
    await storeDocumentChunks(db, tx, record.id, document.chunks);
    await recordActivity(tx, patient, 'record_uploaded', { filename: record.filename }, record.id);
    return record;
  });
}

/** A document's name, type and size, and its bytes as a stream of its stored pieces. */
export async function readMedicalRecordFile(db: Database, patient: Patient, id: number) {
  const rows = await db
    .select({ filename: medicalRecords.filename, fileType: medicalRecords.fileType, fileSize: medicalRecords.fileSize })
    .from(medicalRecords)
    .where(ownRow(medicalRecords, patient, id));
  const file = foundOr404(rows, 'Medical record');
  // One piece read ahead of the one being sent, not Readable.from's sixteen: 256 KiB, not 4 MiB, per download.
  return { ...file, contents: Readable.from(readDocumentChunks(db, id), { highWaterMark: 1 }) };
}

export async function deleteMedicalRecord(db: Database, patient: Patient, id: number): Promise<void> {
  const deleted = await db.delete(medicalRecords).where(ownRow(medicalRecords, patient, id)).returning({ id: medicalRecords.id });
  foundOr404(deleted, 'Medical record');
}
