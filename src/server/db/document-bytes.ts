import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { insertPiece, selectPiece } from './pglite-pieces';
import { DOCUMENT_CHUNK_BYTES, medicalRecordChunks } from './schema/index';

/** The transaction that stores the record (anything that can insert; on PGlite, `db` must be in a transaction). */
type Writer = Pick<Database, 'insert'>;

/** A buffer cut into pieces of at most DOCUMENT_CHUNK_BYTES (views, not copies). */
export function toChunks(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += DOCUMENT_CHUNK_BYTES) chunks.push(bytes.subarray(start, start + DOCUMENT_CHUNK_BYTES));
  return chunks;
}

/**
 * The embedded database's own client (Drizzle keeps the driver's client as `$client`), for the pieces' binary path
 * (pglite-pieces.ts); null on PostgreSQL, where Drizzle's own insert sends a Buffer in binary.
 */
function pgliteClient(db: Database): PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * Stores a document's bytes as its pieces, in order, a piece per statement, each as a binary bytea: no piece is ever
 * turned into text, and no statement holds more than one piece (PGlite's memory grows to the largest and never
 * shrinks). `tx` is the transaction that stores the record, of the database `db`.
 */
export async function storeDocumentChunks(db: Database, tx: Writer, recordId: number, chunks: readonly Buffer[]): Promise<void> {
  const pglite = pgliteClient(db);
  for (const [chunkIndex, bytes] of chunks.entries()) {
    // pg sends a Buffer parameter in binary; PGlite's query() would send it as hex text.
    if (pglite) await insertPiece(pglite, recordId, chunkIndex, bytes);
    else await tx.insert(medicalRecordChunks).values({ recordId, chunkIndex, bytes });
  }
}

/** The whole buffer, cut into pieces, in a transaction of its own: for the tests' factories. */
export function storeDocumentBytes(db: Database, recordId: number, bytes: Buffer): Promise<void> {
  return db.transaction((tx) => storeDocumentChunks(db, tx, recordId, toChunks(bytes)));
}

/** A document's bytes piece by piece, a piece per statement, so that serving it never holds it whole. */
export async function* readDocumentChunks(db: Database, recordId: number): AsyncGenerator<Buffer> {
  const pglite = pgliteClient(db);
  for (let chunkIndex = 0; ; chunkIndex += 1) {
    const piece = pglite ? await selectPiece(pglite, recordId, chunkIndex) : await selectPieceAsBase64(db, recordId, chunkIndex);
    if (piece === null) return;
    yield piece;
  }
}

/**
 * On PostgreSQL a piece comes as base64 text, a third larger than its bytes: pg reads a bytea as hex text (twice
 * its size) unless the whole connection is binary.
 */
async function selectPieceAsBase64(db: Database, recordId: number, chunkIndex: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${medicalRecordChunks.bytes}, 'base64')` })
    .from(medicalRecordChunks)
    .where(and(eq(medicalRecordChunks.recordId, recordId), eq(medicalRecordChunks.chunkIndex, chunkIndex)));
  return row ? Buffer.from(row.base64, 'base64') : null;
}
