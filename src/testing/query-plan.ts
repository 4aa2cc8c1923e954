import type { Database } from '../server/db/client';

interface Explainable {
  toSQL(): { sql: string; params: unknown[] };
}

/** The plan the database chooses for a query, as JSON text, and the indexes it reads. */
export async function queryPlan(db: Database, query: Explainable): Promise<{ text: string; indexes: string[] }> {
  const { sql: text, params } = query.toSQL();
  // The driver's own client, the same on both databases: Drizzle has no EXPLAIN of a built query.
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  const result = await client.query(`explain (format json) ${text}`, params);
  const json = JSON.stringify(result.rows[0]!['QUERY PLAN']);
  return { text: json, indexes: [...json.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]!) };
}
