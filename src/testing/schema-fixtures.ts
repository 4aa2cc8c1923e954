import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createUser } from './factories';
import { createTestDatabase } from './test-database';
import type { Database, DatabaseHandle } from '../server/db/client';
import { wipeData } from '../server/db/reset';

// The database of the schema's tests (schema*.test.ts), written straight through Drizzle. The `let`s below are set by
// useSchemaTestDatabase's hooks: an ES module's exports are live bindings, so a test file that imports them sees each
// value once its hooks have run.

let database: DatabaseHandle;
export let db: Database;
/** The one user, created fresh before every test. */
export let userId: number;

/** One migrated database for the test file; before every test its tables are empty but for one user. */
export function useSchemaTestDatabase(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  beforeEach(async () => {
    await wipeData(db);
    userId = (await createUser(db)).id;
  });
  afterAll(async () => {
    await database?.close();
  });
}
