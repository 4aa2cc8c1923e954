import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client';

/** Where a benchmark keeps its data: a fresh PGlite folder, or a fresh database on the PostgreSQL server. */
export interface Driver {
  query(text: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export interface BenchBackend {
  kind: 'pglite' | 'postgres';
  /** Environment for the server process. */
  serverEnv: Record<string, string>;
  /** Opens the same data from the bench process (PGlite: only while no server holds the folder). */
  open(): Promise<DatabaseHandle>;
  /** The bare driver on the same data, for queries that skip the app and the ORM. */
  openDriver(): Promise<Driver>;
  dispose(): Promise<void>;
}

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function pgliteBackend(): BenchBackend {
  const dataDir = mkdtempSync(join(tmpdir(), 'healthassist-bench-'));
  return {
    kind: 'pglite',
    // No daily backup: the figures are the request's own, not a backup's running beside it.
    serverEnv: { DATA_DIR: dataDir, SEED: 'false', BACKUP_KEEP: '0' },
    open: () => openPglite({ dataDir }),
    openDriver: async () => {
      const client = await PGlite.create(dataDir);
      return { query: (text, params) => client.query(text, params), close: () => client.close() };
    },
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      // The server's daily backup, beside the data folder (ADR 18).
      rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    },
  };
}

/** null when no PostgreSQL server answers; the bench then prints PGlite figures only. */
export async function postgresBackend(): Promise<BenchBackend | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  // Two at once for the archive bench (one exports, one restores): a name of their own each.
  const name = `healthassist_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: url.toString(), SEED: 'false' },
    open: () => openPostgres(url.toString(), 10),
    openDriver: async () => {
      const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
      return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
    },
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type DatabaseLabel = 'PGlite' | 'PostgreSQL';

/**
 * Runs `measure` on a fresh PGlite folder, then on a fresh PostgreSQL database (one after the other, the same machine),
 * disposing of each after; `unreachable` hears of a PostgreSQL that does not answer.
 */
export async function onEachDatabase(
  measure: (backend: BenchBackend, label: DatabaseLabel) => Promise<void>,
  unreachable: (label: DatabaseLabel) => void = () => {},
): Promise<void> {
  for (const [makeBackend, label] of [
    [pgliteBackend, 'PGlite'],
    [postgresBackend, 'PostgreSQL'],
  ] as const) {
    const backend = await makeBackend();
    if (!backend) {
      unreachable(label);
      continue;
    }
    try {
      await measure(backend, label);
    } finally {
      await backend.dispose();
    }
  }
}
