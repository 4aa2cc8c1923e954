import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import { lockDataDir } from './data-dir-lock';
import { copyBeforeMigration, migrationState } from './pre-migration-copy';
import { makePrivate } from './private-files';
import { takeTurnsWithEventLoop } from './pglite-turns';
import { syncToDisk as startSyncToDisk } from './sync-to-disk';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Where the data lives, safe to log: a folder, or the server URL without its password. */
  location: string;
  /**
   * PGlite on a data folder: makes what is committed durable (sync-to-disk.ts); the server calls it after each write
   * request. Absent where the database does so itself (PostgreSQL) or there is no folder (in memory).
   */
  syncToDisk?: () => Promise<number>;
  /** What the job library (pg-boss, ADR 23) runs on: the same PGlite, or its own connections to the same server. */
  jobs: JobStore;
  close(): Promise<void>;
}

export type JobStore = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number from this constant identifies our migration lock among other advisory locks. */
const MIGRATION_LOCK_KEY = 727_274_001;

export type PgliteSource =
  /** With `backupDir`, a folder about to be migrated is first copied there (ADR 18). */
  | { dataDir: string; backupDir?: string }
  | { memory: true }
  /** A data folder dumped by PGlite.dumpDataDir(): how tests start from an already migrated base. */
  | { dump: Blob };

/**
 * PostgreSQL's default 128 MB of shared buffers is sized for a shared server. PGlite keeps them in its WebAssembly
 * memory, which never shrinks, and one patient's data needs far less: 32 MB measured about 100 MiB less memory
 * and 0.1 s less to open. PGlite writes the setting into the data folder, so it also holds for older folders.
 */
const PGLITE_SETTINGS = { postgresqlconf: ['shared_buffers=32MB'] };

async function createPglite(source: PgliteSource): Promise<{ client: PGlite; location: string }> {
  const created = await openPgliteClient(source);
  takeTurnsWithEventLoop(created.client);
  return created;
}

async function openPgliteClient(source: PgliteSource): Promise<{ client: PGlite; location: string }> {
  if ('dataDir' in source) return { client: await PGlite.create(source.dataDir, PGLITE_SETTINGS), location: source.dataDir };
  if ('dump' in source) {
    return { client: await PGlite.create({ ...PGLITE_SETTINGS, loadDataDir: source.dump }), location: 'memory (from dump)' };
  }
  return { client: await PGlite.create(PGLITE_SETTINGS), location: 'memory' };
}

export async function openPglite(source: PgliteSource): Promise<DatabaseHandle> {
  const dataDir = 'dataDir' in source ? source.dataDir : null;
  // PGlite does not stop a second process from opening a data folder (and corrupting it): the lock does.
  const lock = dataDir === null ? null : lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    // Owner-only, files 0600 and folders 0700 (ADR 12): first what an earlier run or a copy left looser, then what
    // PGlite has just written: its file layer chmods each file it creates to the mode asked for, past the umask, and
    // its initdb asks 0666 (unreachable meanwhile: the folder is already 0700). PostgreSQL's own files ask 0600.
    if (dataDir !== null) makePrivate(dataDir);
    let created = await createPglite(source);
    client = created.client;
    const { applied, known } = await migrationState(client, migrationsFolder);
    if (dataDir !== null && 'dataDir' in source && source.backupDir !== undefined && applied > 0 && applied < known) {
      // A folder with data that a migration is about to change: first a copy of it as it is (ADR 18).
      await client.close();
      client = undefined;
      copyBeforeMigration(dataDir, source.backupDir);
      created = await createPglite(source);
      client = created.client;
    }
    // Watching PGlite's file changes from here on, the migrations' included.
    const disk = dataDir === null ? undefined : startSyncToDisk(client, dataDir);
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    // Up to date, as at every start but the first after an update: drizzle's migrator would read and hash every
    // migration file to find nothing to do (about 40 ms of the start, ADR 20).
    if (applied < known) await migratePglite(db, { migrationsFolder });
    if (dataDir !== null) makePrivate(dataDir);
    const opened = client;
    return {
      db,
      kind: 'pglite',
      location: created.location,
      jobs: { kind: 'pglite', client: opened },
      ...(disk ? { syncToDisk: () => disk.pass() } : {}),
      // PGlite's close ends with a checkpoint: its files are synced before the folder is let go.
      close: () =>
        opened
          .close()
          .then(async () => {
            await disk?.afterClose();
          })
          .finally(() => lock?.release()),
    };
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // Loaded only for a server: a laptop on the embedded database starts without the driver (about 45 ms and
  // a few MiB on Node 20).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // A server that cannot be reached fails a request (the health check answers 503) instead of holding it forever.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection the server closes (a restart, a failover, an administrator ending it) is an 'error' on the
  // pool; unheard, it would end the process. The pool drops that connection and the next request opens another; a
  // request whose query was cut is answered with its error as any other. Only the code is written: never the URL.
  pool.on('error', (error: Error & { code?: string }) => console.warn(`PostgreSQL closed an idle connection (${error.code ?? 'no code'}): the next request opens another`));
  try {
    await migrateWithLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return { db, kind: 'postgres', location: redactUrl(url), jobs: { kind: 'postgres', url }, close: () => pool.end() };
}

/** Several app processes may start at once against one server: only one migrates at a time. */
async function migrateWithLock(pool: Pool): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Query parameters that hold a credential: libpq's password and sslpassword, and any *secret*, *token* or *key*. */
const SECRET_PARAMETER = /password|secret|token|key/i;

/**
 * A database URL that is safe to log: its password, in the user part or in the query (`?password=`, as libpq and
 * pg also read it), and any parameter named like a secret become ***. A URL that cannot be read is not logged.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(a database URL that cannot be read)';
  }
  if (parsed.password) parsed.password = '***';
  if (parsed.search) {
    // Rewritten by hand rather than through searchParams, which would re-encode every other parameter.
    const parameters = parsed.search.slice(1).split('&');
    parsed.search = parameters.map((parameter) => redactParameter(parameter)).join('&');
  }
  return parsed.toString();
}

function redactParameter(parameter: string): string {
  const equals = parameter.indexOf('=');
  const rawName = equals === -1 ? parameter : parameter.slice(0, equals);
  let name: string;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    name = rawName;
  }
  return SECRET_PARAMETER.test(name) ? `${rawName}=***` : parameter;
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
