import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { allTables } from '../server/db/reset';

/**
 * One digest of every row of every table (but those named in `except`), computed in SQL: equal digests before and after a request mean it changed
 * nothing, as equal snapshotData() would, at a fraction of the cost (no rows cross into the test).
 */
export async function dataFingerprint(db: Database, except: readonly string[] = []): Promise<string> {
  const tables = allTables.filter((table) => !except.includes(getTableName(table)));
  const digests = tables.map((table) => {
    const name = getTableName(table);
    return `select '${name}' as name, md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as digest from (select t::text as row_text from "${name}" t) rows`;
  });
  const result = await db.execute(sql.raw(digests.join(' union all ')));
  return (result as unknown as { rows: { name: string; digest: string }[] }).rows.map((row) => `${row.name}:${row.digest}`).join(',');
}
