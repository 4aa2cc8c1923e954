import { z } from 'zod';
import { DOCUMENT_TYPES, FILENAME_MAX_LENGTH } from '../rules/documents';
import { id, idNumber, instant, optionalText, type Json } from './common';
import { pageOf } from './paging';

// Path separators and control characters (C0, DEL, C1, and the line and paragraph separators, which break
// lines like a newline) have no place in a name that is listed, and ends up in a download header.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILENAME = /[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

// Invisible direction marks, embeddings, overrides and isolates make a name read as something it is not:
// 'report\u202Efdp.exe' is shown as 'reportexe.pdf'.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const filename = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(FILENAME_MAX_LENGTH, `must be at most ${FILENAME_MAX_LENGTH} characters`)
  .refine((name) => !UNSAFE_FILENAME.test(name), 'must not contain path separators or control characters')
  .refine((name) => !BIDI_CONTROL.test(name), 'must not contain invisible text-direction characters');

/** POST /api/medical-records — the spec's JSON upload; the size and type are checked against the bytes. */
export const CreateMedicalRecordBody = z.object({
  userId: idNumber,
  filename,
  fileType: z.string({ message: 'is required' }).min(1, 'is required'),
  fileSize: z.number({ message: 'must be a number of bytes' }).int('must be a whole number of bytes').nonnegative(),
  /** 'data:{type};base64,{bytes}' as FileReader.readAsDataURL makes it. */
  fileContents: z.string({ message: 'must be a base64 data URL' }),
  description: optionalText(1000),
  /** Set by the insurance screen's document upload. */
  insuranceId: idNumber.nullish(),
});
export type CreateMedicalRecordBody = z.input<typeof CreateMedicalRecordBody>;

export const MedicalRecordFileQuery = z.object({
  download: z.enum(['0', '1'], { message: "must be '0' or '1'" }).optional(),
});

/** A list row: everything but the bytes. */
export const MedicalRecord = z
  .object({
    id,
    userId: id,
    filename: z.string(),
    fileType: z.enum(DOCUMENT_TYPES),
    fileSize: z.int().positive().meta({ description: 'Bytes' }),
    uploadDate: instant,
    description: z.string().nullable(),
    insuranceId: id.nullable().meta({ description: 'The insurance plan the document belongs to, if any' }),
  })
  .meta({ id: 'MedicalRecord' });
export type MedicalRecord = Json<typeof MedicalRecord>;
export const MedicalRecordList = z.array(MedicalRecord);
/** A page of the patient's documents, newest first (GET /api/medical-records/{userId}/page). */
export const MedicalRecordPage = pageOf(MedicalRecord, 'MedicalRecordPage');
export type MedicalRecordPage = Json<typeof MedicalRecordPage>;

/** How many documents the patient has, and the newest (GET /api/medical-records/{userId}/summary): the dashboard's card. */
export const MedicalRecordSummary = z
  .object({
    count: z.int().nonnegative(),
    latest: MedicalRecord.nullable().meta({ description: 'The newest document; null when there is none' }),
  })
  .meta({ id: 'MedicalRecordSummary' });
export type MedicalRecordSummary = Json<typeof MedicalRecordSummary>;
