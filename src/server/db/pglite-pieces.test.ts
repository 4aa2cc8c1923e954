import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from './client';
import { insertPiece, selectPiece } from './pglite-pieces';
import { DOCUMENT_CHUNK_BYTES } from './schema/index';

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
