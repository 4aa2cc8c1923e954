import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema/index';

/** Every table of the schema, found from its definitions so that a new table needs no list updated. */
export const allTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Empties every table and restarts the ids; the schema and its migrations stay. For tests and benchmarks. */
export async function wipeData(db: Database): Promise<void> {
  await truncate(db, allTables);
}

/**
 * `npm run db:reset`: empties the record — every table but the ways in, which are not data (ADR 21): the passphrase,
 * passkeys, codes, sessions, tokens and the access log stay, so a protected install stays protected.
 */
export async function wipeRecord(db: Database): Promise<void> {
  await truncate(db, allTables.filter((table) => !(schema.WAY_IN_TABLES as readonly PgTable[]).includes(table)));
}

async function truncate(db: Database, tables: readonly PgTable[]): Promise<void> {
  const names = tables.map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}
