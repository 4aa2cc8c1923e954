import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../server/db/client';
import { databaseUrl } from './test-database-config';

/** A database of this test file's own, already migrated, on the backend its vitest project names. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const config = inject('testDatabase');
  if (config.kind === 'pglite') {
    return openPglite({ dump: new Blob([await readFile(config.dumpPath)]) });
  }
  const name = `healthassist_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(config.adminUrl, (admin) => admin.query(`create database ${name} template ${config.template}`));
  const database = await openPostgres(databaseUrl(config.adminUrl, name), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(config.adminUrl, (admin) => admin.query(`drop database if exists ${name}`));
    },
  };
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
