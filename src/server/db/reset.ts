import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema/index';

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** Empties every table and restarts the ids; the schema and its migrations stay. */
export async function wipeData(db: Database): Promise<void> {
  await db.execute(sql.raw(`truncate table ${tableNames.join(', ')} restart identity cascade`));
}
