import { existsSync } from 'node:fs';
import type { Env } from '../env';
import { openPglite, openPostgres, type DatabaseHandle } from './client';
import { exitIfDataDirInUse } from './data-dir-lock';

/**
 * DATABASE_URL chooses a PostgreSQL server; without it the embedded PGlite keeps data in DATA_DIR, copied into BACKUP_DIR
 * before a migration changes it.
 */
export function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : openPglite({ dataDir: env.DATA_DIR, backupDir: env.backupDir });
}

/**
 * For a command that works on data that must exist (`npm run reset-access`, `npm run backup`): a mistyped DATA_DIR
 * would otherwise become a new, empty database and the command would seem to have worked; and on PGlite a server
 * holding the folder stops the command with the lock's message.
 */
export async function openExistingDatabase(env: Env): Promise<DatabaseHandle> {
  if (!env.DATABASE_URL && !existsSync(env.DATA_DIR)) {
    console.error(`There is no data folder at ${env.DATA_DIR}: set DATA_DIR to the folder HealthAssist keeps its data in.`);
    process.exit(1);
  }
  return openConfiguredDatabase(env).catch(exitIfDataDirInUse);
}
