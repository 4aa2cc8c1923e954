import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** How often a running server on PGlite refreshes the planner's statistics. */
const EVERY_MS = 6 * 60 * 60 * 1000;
/** When a server first does, after it started listening. */
const FIRST_AFTER_MS = 60 * 1000;

/** Gathers the planner's statistics of every table (PostgreSQL's ANALYZE): row counts, common values. */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.execute(sql`analyze`);
}

/**
 * On PGlite, the planner's statistics kept fresh by the server itself (ADR 19). PostgreSQL's autovacuum gathers them
 * as tables change; PGlite runs no autovacuum, so they were never gathered, and the planner, guessing a few dozen rows,
 * read and sorted a whole list to answer its first page: 8 ms for 50 of 10,000 documents instead of 0.7 ms. Gathered a
 * minute after the server starts listening, then every six hours. Not at once: the statistics are kept in the data
 * folder, so a restart plans with the last ones, and gathering them (0.1 s at 10,000 documents, the database busy
 * meanwhile) held up the first request after a start (ADR 20). A failure is logged and tried again next time; the
 * plans are only slower without them.
 */
export function keepPlannerStatistics(db: Database, log: FastifyBaseLogger): void {
  const refresh = async () => {
    try {
      await refreshPlannerStatistics(db);
    } catch (error) {
      log.warn({ code: (error as { code?: string }).code }, 'gathering the planner statistics failed; tried again in six hours');
    }
  };
  setTimeout(() => {
    void refresh();
    setInterval(() => void refresh(), EVERY_MS).unref();
  }, FIRST_AFTER_MS).unref();
}
