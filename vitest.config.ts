import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts'];
/**
 * Server tests that use no test database are named `*.unit.test.ts`: they run once, with the unit tests, not once per
 * backend. Any other server test gets a database on each backend.
 */
const serverTestsWithoutDatabase = ['src/server/**/*.unit.test.ts'];
const apiExclude = [...configDefaults.exclude, ...serverTestsWithoutDatabase];

/** Each PostgreSQL test file holds a pool of up to 4 connections; PostgreSQL allows 100 by default. */
const MOST_TEST_WORKERS = 8;

/**
 * Three projects: pure unit tests, and the same API tests once on PGlite and once on a PostgreSQL
 * server. scripts/test.mjs decides whether the PostgreSQL project runs (always on CI).
 */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to itself (one worker on a two-core machine), but most
    // API tests wait on PostgreSQL, a stand-in server or a hash: two workers on two cores halved the PostgreSQL
    // project's time (6.6 → 3.4 min), a third added nothing. Each file has a database of its own, so files may overlap.
    maxWorkers: Math.min(availableParallelism(), MOST_TEST_WORKERS),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/testing/**/*.test.ts', ...serverTestsWithoutDatabase],
          // Some unit tests hash passphrases (64 MiB of scrypt each) or run property checks: on a busy two-core
          // machine they take seconds, so the 5 s default would fail them for the machine's sake, not the code's.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: apiExclude,
          globalSetup: ['src/testing/global-setup-pglite.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: apiExclude,
          globalSetup: ['src/testing/global-setup-postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
