import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { trackFileChanges, type FileChanges } from './pglite-file-changes';

// The sync pass syncs what PGlite's file layer says it changed (ADR 18): the layer must say it, on the PGlite pinned.

const dataDir = mkdtempSync(join(tmpdir(), 'healthassist-changes-'));
let client: PGlite;
let changes: FileChanges;
beforeAll(async () => {
  client = await PGlite.create(dataDir);
  const tracked = trackFileChanges(client);
  // null would mean this PGlite's file layer is not the one the module knows: every pass would sync the whole folder.
  expect(tracked).not.toBeNull();
  changes = tracked!;
}, 60_000);
afterAll(async () => {
  await client?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fileOf = async (table: string) => {
  const { rows } = await client.query<{ path: string }>(`select pg_relation_filepath('${table}') as path`);
  return join(dataDir, rows[0]!.path);
};

it('names the files a write and its checkpoint changed: the table’s own file and the WAL, then starts over', async () => {
  await client.exec('create table notes (body text)');
  changes.take();
  await client.exec("insert into notes values ('taken at 8:00')");
  await client.exec('checkpoint');
  const { files } = changes.take();
  expect(files).toContain(await fileOf('notes'));
  expect(files.some((file) => file.startsWith(join(dataDir, 'pg_wal') + '/'))).toBe(true);
  expect(files).toContain(join(dataDir, 'global', 'pg_control'));
  expect(changes.take()).toEqual({ files: [], folders: [] });
});

it('names the folder a new file appeared in', async () => {
  changes.take();
  await client.exec('create table doses (taken_at timestamptz)');
  await client.exec('checkpoint');
  expect(changes.take().folders).toContain(dirname(await fileOf('doses')));
});

it('gives what was put back to the next take', async () => {
  changes.take();
  changes.putBack({ files: ['/a/file'], folders: ['/a'] });
  expect(changes.take()).toEqual({ files: ['/a/file'], folders: ['/a'] });
});
