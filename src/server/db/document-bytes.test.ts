import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { createMedicalRecord, createUser } from '../../testing/factories';
import { createTestDatabase } from '../../testing/test-database';
import type { Database, DatabaseHandle } from './client';
import { readDocumentChunks } from './document-bytes';
import { wipeData } from './reset';
import { DOCUMENT_CHUNK_BYTES, medicalRecordChunks } from './schema/index';

// A document stored in pieces must come back byte for byte, whatever its size against the piece size and against the
// pieces read per statement: one byte, either side of a piece's end, exactly 8 and 17 pieces, 20 MiB.

let database: DatabaseHandle;
let db: Database;
let userId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
beforeEach(async () => {
  await wipeData(db);
  userId = (await createUser(db)).id;
});
afterAll(async () => {
  await database?.close();
});

async function readBack(recordId: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of readDocumentChunks(db, recordId)) pieces.push(piece);
  return Buffer.concat(pieces);
}

describe('a document in pieces', () => {
  const sizes = [
    1,
    DOCUMENT_CHUNK_BYTES - 1,
    DOCUMENT_CHUNK_BYTES,
    DOCUMENT_CHUNK_BYTES + 1,
    8 * DOCUMENT_CHUNK_BYTES,
    8 * DOCUMENT_CHUNK_BYTES + 1,
    17 * DOCUMENT_CHUNK_BYTES,
    MAX_DOCUMENT_BYTES,
  ];

  it.each(sizes)('of %i bytes comes back byte for byte, in ceil(size / 256 KiB) pieces', async (size) => {
    const bytes = randomBytes(size);
    const record = await createMedicalRecord(db, userId, { bytes });

    expect((await readBack(record.id)).equals(bytes)).toBe(true);
    const stored = await db
      .select({ chunkIndex: medicalRecordChunks.chunkIndex })
      .from(medicalRecordChunks)
      .where(eq(medicalRecordChunks.recordId, record.id))
      .orderBy(asc(medicalRecordChunks.chunkIndex));
    expect(stored.map((row) => row.chunkIndex)).toEqual([...Array(Math.ceil(size / DOCUMENT_CHUNK_BYTES)).keys()]);
  });

  it("reads only its own record's pieces", async () => {
    const mine = randomBytes(DOCUMENT_CHUNK_BYTES + 5);
    const record = await createMedicalRecord(db, userId, { bytes: mine });
    await createMedicalRecord(db, userId, { bytes: randomBytes(3 * DOCUMENT_CHUNK_BYTES) });
    expect((await readBack(record.id)).equals(mine)).toBe(true);
  });
});
