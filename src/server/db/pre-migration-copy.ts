import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE } from './data-dir-lock';
import { makePrivate } from './private-files';

// Before a migration changes a PGlite data folder, a copy of the folder as it was (ADR 18). The app's archive cannot
// serve here: it is read with the new code's schema, which the folder does not have until the migration has run.

const COPY_NAME = /^healthassist-before-migration-\d{8}T\d{6}Z$/;
/** A copy is the whole folder, documents included: the newest few are enough to step back from a migration. */
export const PRE_MIGRATION_COPIES_KEPT = 2;

/** How many of the migrations in `migrationsFolder` the database has applied, and how many there are. */
export async function migrationState(client: PGlite, migrationsFolder: string): Promise<{ applied: number; known: number }> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const known = journal.entries.length;
  // A new folder has no table of migrations yet (a query naming it would fail even in a branch not taken).
  const { rows: exists } = await client.query<{ table: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as table`);
  if (!exists[0]?.table) return { applied: 0, known };
  const { rows } = await client.query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations');
  return { applied: rows[0]?.applied ?? 0, known };
}

/**
 * Copies a closed data folder into `backupDir` (owner-only), leaving out the lock, and keeps the newest
 * PRE_MIGRATION_COPIES_KEPT copies. The caller holds the folder's lock and has closed PGlite, so nothing writes to
 * the folder meanwhile. Answers the copy's path.
 */
export function copyBeforeMigration(dataDir: string, backupDir: string, now = new Date()): string {
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const copy = join(backupDir, `healthassist-before-migration-${stamp}`);
  cpSync(dataDir, copy, { recursive: true, filter: (source) => basename(source) !== LOCK_FILE });
  makePrivate(copy);
  const copies = readdirSync(backupDir).filter((name) => COPY_NAME.test(name)).sort();
  for (const old of copies.slice(0, Math.max(0, copies.length - PRE_MIGRATION_COPIES_KEPT))) rmSync(join(backupDir, old), { recursive: true, force: true });
  return copy;
}
