import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `column IN ('a', 'b', …)` for a CHECK constraint, built from the same list the contracts use (or an expression's). */
export function isOneOf(column: AnyPgColumn | SQL, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/** A jsonb column that holds an array (codes, identifiers, reactions): CHECKed so that no other JSON value lands there. */
export function isJsonArray(column: AnyPgColumn): SQL {
  return sql`jsonb_typeof(${column}) = 'array'`;
}
