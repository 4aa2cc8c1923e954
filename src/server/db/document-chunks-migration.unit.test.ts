import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { migrationNames as migrations, runMigration as run } from '../../testing/migrations';

// Migration 0010 moves each stored document from medical_record_files (one bytea) into 256 KiB pieces of
// medical_record_chunks: a database migrated up to 0009 with documents in it must keep every byte.

it('moves each stored document into its pieces, byte for byte, and drops the old table', async () => {
  const client = await PGlite.create();
  try {
    const before = migrations.filter((name) => name < '0010');
    for (const name of before) await run(client, name);

    const { rows: users } = await client.query<{ id: number }>(
      `insert into users (username, password_hash, display_name, email) values ('a', 'x', 'A', 'a@example.com') returning id`,
    );
    const sizes = [1, 262_144, 262_145, 3 * 262_144 + 17];
    const documents = new Map<number, Buffer>();
    for (const size of sizes) {
      const bytes = randomBytes(size);
      const { rows } = await client.query<{ id: number }>(
        `insert into medical_records (user_id, filename, file_type, file_size) values ($1, 'a.pdf', 'application/pdf', $2) returning id`,
        [users[0]!.id, size],
      );
      await client.query('insert into medical_record_files (record_id, contents) values ($1, $2)', [rows[0]!.id, bytes]);
      documents.set(rows[0]!.id, bytes);
    }

    for (const name of migrations.filter((name) => name >= '0010')) await run(client, name);

    for (const [id, bytes] of documents) {
      const { rows } = await client.query<{ chunk_index: number; bytes: Uint8Array }>(
        'select chunk_index, bytes from medical_record_chunks where record_id = $1 order by chunk_index',
        [id],
      );
      expect(rows.map((row) => row.chunk_index)).toEqual([...Array(Math.ceil(bytes.length / 262_144)).keys()]);
      expect(Buffer.concat(rows.map((row) => Buffer.from(row.bytes))).equals(bytes)).toBe(true);
    }
    const { rows: old } = await client.query(`select to_regclass('medical_record_files') as still_there`);
    expect(old).toEqual([{ still_there: null }]);
  } finally {
    await client.close();
  }
}, 60_000);
