import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from './client';
import { DOCUMENT_CHUNK_BYTES, medicalRecordChunks } from './schema/index';

/** Anything that can insert: the database or a transaction. */
type Writer = Pick<Database, 'insert'>;

/**
 * Pieces written, and read, per statement. One: each statement's text, wire message and (on PGlite) WebAssembly copy
 * stay at 256 KiB. Measured with `npm run bench -- upload`, 8 (2 MiB a statement) grew the server by 8.1× the file on
 * PGlite and 5.1× on PostgreSQL, 1 by 6.8× and 4.7×, for about a second more per 20 MiB each way.
 */
const CHUNKS_PER_STATEMENT = 1;

/** A buffer cut into pieces of at most DOCUMENT_CHUNK_BYTES (views, not copies). */
export function toChunks(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += DOCUMENT_CHUNK_BYTES) chunks.push(bytes.subarray(start, start + DOCUMENT_CHUNK_BYTES));
  return chunks;
}

/**
 * Stores a document's bytes as its pieces, in order; run it in the transaction that stores the record. Each piece
 * goes as base64 text that PostgreSQL decodes: on PGlite ten times faster than binding a bytea (see bench/).
 */
export async function storeDocumentChunks(db: Writer, recordId: number, chunks: readonly Buffer[]): Promise<void> {
  for (let first = 0; first < chunks.length; first += CHUNKS_PER_STATEMENT) {
    const rows = chunks.slice(first, first + CHUNKS_PER_STATEMENT).map((chunk, offset) => ({
      recordId,
      chunkIndex: first + offset,
      bytes: sql`decode(${chunk.toString('base64')}, 'base64')`,
    }));
    await db.insert(medicalRecordChunks).values(rows);
  }
}

/** The whole buffer, cut into pieces: for the seed, the tests' factories and the bench. */
export function storeDocumentBytes(db: Writer, recordId: number, bytes: Buffer): Promise<void> {
  return storeDocumentChunks(db, recordId, toChunks(bytes));
}

/** A document's bytes piece by piece, a piece per statement, so that serving it never holds it whole. */
export async function* readDocumentChunks(db: Database, recordId: number): AsyncGenerator<Buffer> {
  for (let first = 0; ; first += CHUNKS_PER_STATEMENT) {
    const rows = await db
      .select({ base64: sql<string>`encode(${medicalRecordChunks.bytes}, 'base64')` })
      .from(medicalRecordChunks)
      .where(
        and(
          eq(medicalRecordChunks.recordId, recordId),
          gte(medicalRecordChunks.chunkIndex, first),
          lt(medicalRecordChunks.chunkIndex, first + CHUNKS_PER_STATEMENT),
        ),
      )
      .orderBy(asc(medicalRecordChunks.chunkIndex));
    for (const row of rows) yield Buffer.from(row.base64, 'base64');
    if (rows.length < CHUNKS_PER_STATEMENT) return;
  }
}
