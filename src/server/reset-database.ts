import { exitIfDataDirInUse } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { wipeRecord } from './db/reset';
import { seedIfEmpty } from './db/seed';
import { loadEnv } from './env';

// As in main.ts, before anything writes: what this process creates is its owner's only (ADR 12).
process.umask(0o077);
/** `npm run db:reset`: wipe the record and seed the demo patient again; the ways in stay (ADR 21). Never in production. */
const env = loadEnv();
if (env.NODE_ENV === 'production') {
  console.error('db:reset refuses to run with NODE_ENV=production: it would delete every record.');
  process.exit(1);
}
// With PGlite, refused while the server (or another reset) has the data folder open.
const database = await openConfiguredDatabase(env).catch(exitIfDataDirInUse);
try {
  await wipeRecord(database.db);
  if (env.SEED) await seedIfEmpty(database.db);
  console.log(`Reset the ${database.kind} database at ${database.location}${env.SEED ? ' and seeded the demo patient' : ''}.`);
} finally {
  await database.close();
}
