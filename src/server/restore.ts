import { existsSync } from 'node:fs';
import { CURRENT_USER_ID } from '../shared/rules/patient';
import { restoreArchive } from './archive/restore';
import { exitIfDataDirInUse } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { loadEnv } from './env';
import { HttpError } from './core/errors';

// As in main.ts, before anything writes: what this process creates is its owner's only (ADR 12).
process.umask(0o077);

/**
 * `npm run restore FILE`: restores an archive that 'Download all my data' or `npm run backup` made (ADR 18) into an
 * empty data folder (a new DATA_DIR is created) or an empty PostgreSQL database, with the same checks as the app's
 * 'Restore from a backup': a damaged or changed archive writes nothing. On PGlite the server must be stopped.
 */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore FILE   (the .zip that "Download all my data" or npm run backup made)');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`There is no file at ${file}.`);
  process.exit(1);
}
const env = loadEnv();
const database = await openConfiguredDatabase(env).catch(exitIfDataDirInUse);
try {
  const restored = await restoreArchive(database.db, { id: CURRENT_USER_ID }, file, { replace: false, maxUnpackedBytes: env.ARCHIVE_MAX_MB * 2 ** 20 });
  console.log(
    `Restored ${file} into the ${database.kind} database at ${database.location}: ${restored.medicalRecords} records with ` +
      `${restored.documents} documents, ${restored.insurancePlans} plans, ${restored.preventativeCare} care items, ` +
      `${restored.appointments} appointments, ${restored.providers} providers, ${restored.medications} medications with ` +
      `${restored.medicationDoses} dose log entries, ${restored.activities} activities, ` +
      `${restored.chatMessages} chat messages.`,
  );
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  const why = error.statusCode === 409 ? 'this database already holds a record; restore into an empty data folder or database' : error.message;
  console.error(`Not restored: ${why}. Nothing was written.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
