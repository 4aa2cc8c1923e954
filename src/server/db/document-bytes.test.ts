import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { createMedicalRecord } from '../../testing/factories';
import { useTestDatabase } from '../../testing/test-app';
import { readDocumentChunks, storeDocumentChunks, toChunks } from './document-bytes';
import { sqlState } from './sql-state';
import { DOCUMENT_CHUNK_BYTES, medicalRecordChunks, medicalRecords } from './schema/index';

// A document stored in pieces must come back byte for byte, whatever its size against the piece size and against the
// pieces read per statement: one byte, either side of a piece's end, exactly 8 and 17 pieces, 20 MiB.

const t = useTestDatabase();

async function readBack(recordId: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of readDocumentChunks(t.db, recordId)) pieces.push(piece);
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
    const record = await createMedicalRecord(t.db, t.userId, { bytes });

    expect((await readBack(record.id)).equals(bytes)).toBe(true);
    const stored = await t.db
      .select({ chunkIndex: medicalRecordChunks.chunkIndex })
      .from(medicalRecordChunks)
      .where(eq(medicalRecordChunks.recordId, record.id))
      .orderBy(asc(medicalRecordChunks.chunkIndex));
    expect(stored.map((row) => row.chunkIndex)).toEqual([...Array(Math.ceil(size / DOCUMENT_CHUNK_BYTES)).keys()]);
  });

  it("reads only its own record's pieces", async () => {
    const mine = randomBytes(DOCUMENT_CHUNK_BYTES + 5);
    const record = await createMedicalRecord(t.db, t.userId, { bytes: mine });
    await createMedicalRecord(t.db, t.userId, { bytes: randomBytes(3 * DOCUMENT_CHUNK_BYTES) });
    expect((await readBack(record.id)).equals(mine)).toBe(true);
  });
});

describe('storing pieces', () => {
  const piecesOf = async (recordId: number) =>
    t.db.select({ chunkIndex: medicalRecordChunks.chunkIndex }).from(medicalRecordChunks).where(eq(medicalRecordChunks.recordId, recordId));

  it("fails with PostgreSQL's own error (its SQLSTATE) and keeps nothing when a piece is refused", async () => {
    const [record] = await t.db
      .insert(medicalRecords)
      .values({ userId: t.userId, filename: 'a.pdf', fileType: 'application/pdf', fileSize: 3 * DOCUMENT_CHUNK_BYTES })
      .returning();
    const failure = await t.db
      .transaction(async (tx) => {
        await storeDocumentChunks(t.db, tx, record!.id, toChunks(randomBytes(2 * DOCUMENT_CHUNK_BYTES)));
        // No record 2147483647: the foreign key refuses this piece after two were stored.
        await storeDocumentChunks(t.db, tx, 2_147_483_647, [randomBytes(10)]);
      })
      .catch((error: unknown) => error);

    expect(sqlState(failure)).toBe('23503');
    expect(await piecesOf(record!.id)).toEqual([]);
    // The session is usable again: the next statement is not inside the failed transaction.
    const bytes = randomBytes(DOCUMENT_CHUNK_BYTES + 1);
    const stored = await createMedicalRecord(t.db, t.userId, { bytes });
    expect((await readBack(stored.id)).equals(bytes)).toBe(true);
  });

  it('never lets a read land inside an upload that is still being stored, or fail with it', async () => {
    const kept = randomBytes(3 * DOCUMENT_CHUNK_BYTES);
    const record = await createMedicalRecord(t.db, t.userId, { bytes: kept });
    const [pending] = await t.db
      .insert(medicalRecords)
      .values({ userId: t.userId, filename: 'b.pdf', fileType: 'application/pdf', fileSize: 4 * DOCUMENT_CHUNK_BYTES })
      .returning();

    // An upload stores its pieces, lets the reads below try to run, then fails.
    let reads: Promise<Buffer>[] = [];
    const failingUpload = t.db.transaction(async (tx) => {
      await storeDocumentChunks(t.db, tx, pending!.id, toChunks(randomBytes(4 * DOCUMENT_CHUNK_BYTES)));
      reads = [readBack(pending!.id), readBack(record.id), readBack(pending!.id)];
      for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      await storeDocumentChunks(t.db, tx, 2_147_483_647, [randomBytes(10)]);
    });

    await expect(failingUpload).rejects.toThrow();
    // Not the upload's pieces, which were never committed, and not its failure.
    expect(await Promise.allSettled(reads)).toEqual([
      { status: 'fulfilled', value: Buffer.alloc(0) },
      { status: 'fulfilled', value: kept },
      { status: 'fulfilled', value: Buffer.alloc(0) },
    ]);
    expect(await piecesOf(pending!.id)).toEqual([]);
  });
});
