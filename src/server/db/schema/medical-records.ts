import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES, FILENAME_MAX_LENGTH, MAX_DOCUMENT_BYTES, type DocumentType } from '../../../shared/rules/documents';
import { isOneOf } from './checks';
import { insurancePlans } from './insurance';
import { users } from './users';

export const medicalRecords = pgTable(
  'medical_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    fileType: text('file_type').$type<DocumentType>().notNull(),
    fileSize: integer('file_size').notNull(),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    description: text('description'),
    insuranceId: integer('insurance_id').references(() => insurancePlans.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('medical_records_user_upload_idx').on(t.userId, t.uploadDate.desc(), t.id.desc()),
    index('medical_records_insurance_idx').on(t.insuranceId),
    check('medical_records_file_type_check', isOneOf(t.fileType, DOCUMENT_TYPES)),
    check('medical_records_file_size_check', sql`${t.fileSize} between 1 and ${sql.raw(String(MAX_DOCUMENT_BYTES))}`),
    check(
      'medical_records_filename_check',
      sql`length(${t.filename}) between 1 and ${sql.raw(String(FILENAME_MAX_LENGTH))}`,
    ),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The document bytes, one row per record, in a table of their own so that no list query can load them.
 * Written with decode($1, 'base64') and read with encode(…, 'base64'): on PGlite that is ten times
 * faster than binding a bytea parameter (see bench/).
 */
export const medicalRecordFiles = pgTable(
  'medical_record_files',
  {
    recordId: integer('record_id')
      .primaryKey()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    contents: bytea('contents').notNull(),
  },
  (t) => [
    check('medical_record_files_size_check', sql`octet_length(${t.contents}) <= ${sql.raw(String(MAX_DOCUMENT_BYTES))}`),
  ],
);
