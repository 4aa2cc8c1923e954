import type { Env } from '../env';
import { openPglite, openPostgres, type DatabaseHandle } from './client';

/**
 * DATABASE_URL chooses a PostgreSQL server; without it the embedded PGlite keeps data in DATA_DIR, copied into BACKUP_DIR
 * before a migration changes it.
 */
export function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : openPglite({ dataDir: env.DATA_DIR, backupDir: env.backupDir });
}
