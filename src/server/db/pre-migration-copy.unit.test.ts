import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, expect, it } from 'vitest';
import { migrationsFolder, openPglite } from './client';

// A PGlite folder is copied before a migration changes it (ADR 18): only when it holds data and a migration is
// pending; the copy opens as the folder was.

const scratch: string[] = [];
afterEach(() => {
  for (const folder of scratch.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newScratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'healthassist-pre-migration-'));
  scratch.push(folder);
  return folder;
}

/** A data folder migrated to all but the last migration, as an install of the previous release left it. */
async function previousRelease(dataDir: string, root: string): Promise<void> {
  const older = join(root, 'older-migrations');
  cpSync(migrationsFolder, older, { recursive: true });
  const journalPath = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
  const client = await PGlite.create(dataDir);
  try {
    await migrate(drizzle(client), { migrationsFolder: older });
  } finally {
    await client.close();
  }
}

async function appliedIn(dataDir: string): Promise<number> {
  const client = await PGlite.create(dataDir);
  try {
    return (await client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')).rows[0]!.count;
  } finally {
    await client.close();
  }
}

const known = () => (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

it('copies a folder with a pending migration into BACKUP_DIR first, owner-only, as it was; then migrates it', async () => {
  const root = newScratch();
  const dataDir = join(root, 'data');
  const backupDir = join(root, 'backups');
  await previousRelease(dataDir, root);
  const database = await openPglite({ dataDir, backupDir });
  await database.close();

  const copies = readdirSync(backupDir);
  expect(copies).toEqual([expect.stringMatching(/^healthassist-before-migration-\d{8}T\d{6}Z$/)]);
  const copy = join(backupDir, copies[0]!);
  expect(statSync(copy).mode & 0o777).toBe(0o700);
  expect(readdirSync(copy)).not.toContain('healthassist.lock');
  expect(await appliedIn(copy)).toBe(known() - 1);
  expect(await appliedIn(dataDir)).toBe(known());

  // Nothing pending now: no second copy.
  await (await openPglite({ dataDir, backupDir })).close();
  expect(readdirSync(backupDir)).toEqual(copies);
}, 120_000);

it('copies nothing for a new folder, or without a BACKUP_DIR', async () => {
  const root = newScratch();
  const backupDir = join(root, 'backups');
  await (await openPglite({ dataDir: join(root, 'new'), backupDir })).close();
  expect(() => readdirSync(backupDir)).toThrow(/ENOENT/);

  const older = join(root, 'older');
  await previousRelease(older, root);
  await (await openPglite({ dataDir: older })).close();
  expect(await appliedIn(older)).toBe(known());
}, 120_000);
