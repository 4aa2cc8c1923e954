import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from './client';
import { insertPiece, selectPiece } from './pglite-pieces';
import { DOCUMENT_CHUNK_BYTES } from './schema/index';
import { createMedicalRecord, createUser } from '../../testing/factories';

// The binary path's own rules on the embedded database; document-bytes.test.ts checks the bytes on both databases.

let database: DatabaseHandle;
let client: PGlite;

beforeAll(async () => {
  database = await openPglite({ memory: true });
  client = (database.db as unknown as { $client: PGlite }).$client;
});
afterAll(async () => {
  await database?.close();
});

it('refuses to write a piece outside a transaction, where it could land in another caller\'s', async () => {
  await expect(insertPiece(client, 1, 0, randomBytes(10))).rejects.toThrow(/inside the transaction/);
});

it('refuses a piece larger than a stored piece', async () => {
  await expect(client.transaction(() => insertPiece(client, 1, 0, randomBytes(DOCUMENT_CHUNK_BYTES + 1)))).rejects.toThrow(/at most/);
});

it('reads no piece where there is none, and leaves no transaction open', async () => {
  expect(await selectPiece(client, 1, 0)).toBeNull();
  expect(client.isInTransaction()).toBe(false);
});

it("waits for another caller's open transaction instead of reading inside it", async () => {
  const user = await createUser(database.db);
  const bytes = randomBytes(100);
  const record = await createMedicalRecord(database.db, user.id, { bytes });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  // Another caller deletes the pieces in a transaction it holds open, then rolls back.
  const other = client
    .transaction(async (tx) => {
      await tx.query('delete from medical_record_chunks where record_id = $1', [record.id]);
      opened();
      await held;
      throw new Error('rolled back');
    })
    .catch((error: unknown) => error);
  await open;
  const reading = selectPiece(client, record.id, 0);
  release();
  // Read inside that transaction, the piece would be gone; read after it, it is there.
  expect(await reading).toEqual(bytes);
  expect(await other).toBeInstanceOf(Error);
});
