import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES, FILENAME_MAX_LENGTH, MAX_DOCUMENT_BYTES, type DocumentType } from '../../../shared/rules/documents';

/** The size of one stored piece of a document: 256 KiB, 80 pieces for the largest. */
export const DOCUMENT_CHUNK_BYTES = 256 * 1024;
import { isOneOf } from './checks';
import { searchWords, tsvector } from './search';
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
    /** The words of the name and the description, for the lists' search (search.ts); kept by the database. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(searchWords(sql`"filename" || ' ' || coalesce("description", '')`)),
  },
  (t) => [
    index('medical_records_user_upload_idx').on(t.userId, t.uploadDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('medical_records_insurance_idx').on(t.insuranceId),
    // The Insurance screen's documents, newest first: a few among many, so an index of their own.
    index('medical_records_insurance_documents_idx')
      .on(t.userId, t.uploadDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(isInsuranceDocument(t)),
    // No pending list (fastupdate): PGlite has no autovacuum to merge one, and a search would read it row by row.
    index('medical_records_search_idx').using('gin', t.search).with({ fastupdate: false }),
    check('medical_records_file_type_check', isOneOf(t.fileType, DOCUMENT_TYPES)),
    check('medical_records_file_size_check', sql`${t.fileSize} between 1 and ${sql.raw(String(MAX_DOCUMENT_BYTES))}`),
    check(
      'medical_records_filename_check',
      sql`length(${t.filename}) between 1 and ${sql.raw(String(FILENAME_MAX_LENGTH))}`,
    ),
  ],
);

/**
 * The Insurance screen's rule for a document: filed under a plan (a record names only its owner's plans), or, as
 * part 1 §7 (docs/product.md#part-1-7) filters, mentioning insurance in its name or description, in any case. Written once, for the
 * query and for the partial index that serves it (the planner uses the index when the query says the same).
 */
export function isInsuranceDocument(t: { insuranceId: AnyPgColumn; filename: AnyPgColumn; description: AnyPgColumn }): SQL {
  return sql`(${t.insuranceId} is not null or ${t.filename} ilike '%insurance%' or ${t.description} ilike '%insurance%')`;
}

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The document bytes in pieces of at most DOCUMENT_CHUNK_BYTES, in a table of their own so that no list query can
 * load them. Pieces keep every statement small: PGlite's WebAssembly memory grows to the largest value one statement
 * handles and never shrinks, so a 20 MiB document stored whole cost the server about 200 MiB for good (ADR 16).
 */
export const medicalRecordChunks = pgTable(
  'medical_record_chunks',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    /** 0, 1, 2, …: the bytes are the pieces in this order. */
    chunkIndex: integer('chunk_index').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.chunkIndex] }),
    check('medical_record_chunks_index_check', sql`${t.chunkIndex} >= 0`),
    check('medical_record_chunks_size_check', sql`octet_length(${t.bytes}) between 1 and ${sql.raw(String(DOCUMENT_CHUNK_BYTES))}`),
  ],
);
