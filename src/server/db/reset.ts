import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema/index';

/** Every table of the schema, found from its definitions so that a new table needs no list updated. */
export const allTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Empties every table and restarts the ids; the schema and its migrations stay. */
export async function wipeData(db: Database): Promise<void> {
  const names = allTables.map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}
