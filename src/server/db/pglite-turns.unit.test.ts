import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeTurnsWithEventLoop } from './pglite-turns';

// PGlite runs in the server's thread: between two queries of a backlog, the event loop must get a turn (issue 30).

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  takeTurnsWithEventLoop(client);
}, 60_000);
afterAll(() => client?.close());

it('gives the event loop a turn between queued queries, which still answer in order', async () => {
  const order: string[] = [];
  const queries = Array.from({ length: 20 }, (_, n) => client.query(`select ${n} as n`).then(({ rows }) => order.push(`query ${String((rows[0] as { n: number }).n)}`)));
  // Queued after the queries: without turns they all run first, in one chain of microtasks.
  setImmediate(() => order.push('event loop'));
  await Promise.all(queries);
  // Before the last query answered, the event loop had its turn.
  expect(order.slice(0, -1)).toContain('event loop');
  expect(order.filter((entry) => entry !== 'event loop')).toEqual(Array.from({ length: 20 }, (_, n) => `query ${n}`));
});
