import { resolve } from 'node:path';
import { CURRENT_USER_ID } from '../shared/rules/patient';
import { backUpToFolder, writeArchiveFile } from './archive/backup-files';
import { openExistingDatabase } from './db/open';
import { loadEnv } from './env';

// As in main.ts, before anything writes: what this process creates is its owner's only (ADR 12).
process.umask(0o077);

/**
 * `npm run backup [FILE]`: the patient's whole record as the archive 'Download all my data' gives (ADR 18), written
 * to FILE, or into BACKUP_DIR under a name of its time. On PGlite the server must be stopped (it backs up by itself
 * once a day); on PostgreSQL it may run.
 */
const env = loadEnv();
const database = await openExistingDatabase(env);
try {
  const patient = { id: CURRENT_USER_ID };
  const file = process.argv[2] ? resolve(process.argv[2]) : null;
  const target = file === null ? await backUpToFolder(database.db, patient, env.backupDir) : (await writeArchiveFile(database.db, patient, file)) ? file : null;
  if (target === null) {
    console.error(`The ${database.kind} database at ${database.location} holds no patient yet: there is nothing to back up.`);
    process.exitCode = 1;
  } else {
    console.log(`Backed up the ${database.kind} database at ${database.location} to ${target}`);
  }
} finally {
  await database.close();
}
