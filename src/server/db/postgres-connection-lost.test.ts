import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { useTestDatabase } from '../../testing/test-app';
import { openPostgres } from './client';

// A PostgreSQL server that closes an idle connection of the app's pool (restarted, failed over, or an administrator
// ending it) must not end the app: the pool drops the connection, and the next query opens another.

const t = useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

describe.runIf(inject('testDatabase').kind === 'postgres')('a connection PostgreSQL closes', () => {
  it('is dropped from the pool with a warning that names no address, and the next query gets another', async () => {
    if (t.database.jobs.kind !== 'postgres') throw new Error('a PostgreSQL test database was expected');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const app = await openPostgres(t.database.jobs.url, 1);
    try {
      const pidOf = async () => Number(((await app.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> }).rows[0]!.pid);
      const first = await pidOf();
      // The pool's one connection is idle now: the server ends it, as a restart would.
      await t.db.execute(sql`select pg_terminate_backend(${first})`);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('PostgreSQL closed an idle connection (57P01): the next request opens another'), { timeout: 10_000 });
      expect(await pidOf()).not.toBe(first);
      expect(JSON.stringify(warn.mock.calls)).not.toContain(t.database.jobs.url);
    } finally {
      await app.close();
    }
  });
});
