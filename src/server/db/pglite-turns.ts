import type { PGlite } from '@electric-sql/pglite';

// PGlite runs PostgreSQL in the server's own thread: a query holds the event loop while it runs. PGlite queues
// queries on a mutex whose release starts the next one in a microtask, so a backlog (a hundred requests' queries)
// ran back to back without the event loop getting a turn: no request was read and no answer sent for hundreds of
// milliseconds (issue 30: the event loop's delay was 300 ms at the median under the mixed load). Now each query
// starts in a turn of the event loop of its own (setImmediate): between two queries, requests are read, answers go
// out and timers fire. Measured under that load (npm run bench -- mixed): the same throughput as letting queries run
// back to back for up to 10 or 25 ms, and the shortest stalls (event loop delay p99 18 ms against 34 and 59).

/** Makes `client` give the event loop a turn before each query; once per client. */
export function takeTurnsWithEventLoop(client: PGlite): void {
  const runExclusive = client._runExclusiveTransaction.bind(client);
  // Every query, exec and transaction passes here (PGlite's transaction mutex); the turn is taken holding the mutex,
  // so queries keep their order.
  client._runExclusiveTransaction = <T>(task: () => Promise<T>): Promise<T> =>
    runExclusive(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return task();
    });
}
