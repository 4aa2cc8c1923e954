import { readdirSync, readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

// For tests of one migration's data changes: run the committed SQL files up to a point, write rows as they were
// then, run the rest.

const folder = new URL('../server/db/migrations/', import.meta.url);

/** The committed migrations' file names, in the order they run ('0000_….sql', …). */
export const migrationNames = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** Runs one migration file statement by statement, as Drizzle's migrator splits it. */
export async function runMigration(client: PGlite, name: string): Promise<void> {
  for (const statement of readFileSync(new URL(name, folder), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}
