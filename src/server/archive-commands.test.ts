import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { snapshotData } from '../testing/test-app';
import { createMedicalRecord, createObservation } from '../testing/factories';
import { databaseUrl } from '../testing/test-database-config';
import { openPglite, openPostgres, type DatabaseHandle } from './db/client';
import { users } from './db/schema/index';
import { seedIfEmpty } from './db/seed';

// `npm run backup` then `npm run restore`, as the owner runs them (ADR 18), on the database of this test project: a
// PGlite data folder, or a PostgreSQL database. The restored database holds the same rows, documents included.

const config = inject('testDatabase');
const scratch = mkdtempSync(join(tmpdir(), 'healthassist-commands-'));
const madeDatabases: string[] = [];

/** A new, empty place for data, and the environment the commands find it by. */
async function newPlace(): Promise<{ env: Record<string, string>; open(): Promise<DatabaseHandle> }> {
  if (config.kind === 'pglite') {
    const dataDir = join(scratch, `data-${randomBytes(4).toString('hex')}`);
    return { env: { DATA_DIR: dataDir }, open: () => openPglite({ dataDir }) };
  }
  const name = `healthassist_commands_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  madeDatabases.push(name);
  const url = databaseUrl(config.adminUrl, name);
  return { env: { DATABASE_URL: url }, open: () => openPostgres(url, 2) };
}

function run(command: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `src/server/${command}.ts`, ...args], {
    env: { ...env, NODE_ENV: 'development', BACKUP_DIR: join(scratch, 'backups') },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

let source: Awaited<ReturnType<typeof newPlace>>;
beforeAll(async () => {
  source = await newPlace();
  const database = await source.open();
  try {
    await seedIfEmpty(database.db);
    const scan = await createMedicalRecord(database.db, 1, { filename: 'large scan.pdf', bytes: randomBytes(600 * 1024) });
    // Readings (issue 35), one of them from the document it came in, read in metric units.
    await database.db.update(users).set({ unitSystem: 'metric' }).where(eq(users.id, 1));
    await createObservation(database.db, 1);
    await createObservation(database.db, 1, {
      kind: 'laboratory',
      code: '2345-7',
      valueType: 'quantity',
      value: 5.4,
      secondValue: null,
      comparator: '>',
      unit: 'mmol/L',
      chartValue: 97.28,
      secondChartValue: null,
      referenceLow: 3.9,
      referenceHigh: 5.5,
      source: 'lab',
      medicalRecordId: scan.id,
    });
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  if (config.kind !== 'postgres' || madeDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  for (const name of madeDatabases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/**
 * A row with its instants to the millisecond, as the API and the archive give them: PostgreSQL keeps microseconds
 * (its own now()), which no screen shows and the archive does not carry.
 */
function toMilliseconds(row: unknown): unknown {
  return Object.fromEntries(
    Object.entries(row as Record<string, unknown>).map(([column, value]) => [
      column,
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?\+00$/.test(value) ? new Date(value.replace(' ', 'T').replace('+00', 'Z')).toISOString() : value,
    ]),
  );
}

/** Every row of the tables an archive holds, by table; sign-in and the limits' counters are not part of a backup. */
async function recordOf(place: Awaited<ReturnType<typeof newPlace>>) {
  const database = await place.open();
  try {
    const all = await snapshotData(database.db);
    const kept = ['users', 'conditions', 'allergies', 'immunizations', 'providers', 'medications', 'medication_doses', 'insurance_plans', 'insurance_benefits', 'preventative_care', 'appointments', 'medical_records', 'medical_record_chunks', 'observations', 'activities', 'chat_sessions', 'chat_messages', 'notification_settings'];
    return Object.fromEntries(kept.map((table) => [table, all[table]!.map(toMilliseconds)]));
  } finally {
    await database.close();
  }
}

it('npm run backup writes the archive; npm run restore brings it back into an empty database, row for row', async () => {
  const file = join(scratch, 'my backup.zip');
  const backup = run('backup', source.env, file);
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  expect(backup.stdout).toMatch(/^Backed up the (pglite|postgres) database at .* to .*my backup\.zip\n$/);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  const target = await newPlace();
  const restore = run('restore', target.env, file);
  expect(restore.stderr).toBe('');
  expect(restore.status).toBe(0);
  expect(restore.stdout).toMatch(/^Restored .* into the (pglite|postgres) database at .*: \d+ records with \d+ documents, /);
  const [before, after] = [await recordOf(source), await recordOf(target)];
  // The source is the demo; a restored record is always the patient's own (ADR 21).
  expect(after).toEqual({ ...before, users: before.users!.map((row) => ({ ...(row as object), is_demo: false })) });

  // Into a database that holds a record, nothing is written.
  const again = run('restore', target.env, file);
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/^Not restored: this database already holds a record; .* Nothing was written\.\n$/);
  expect(await recordOf(target)).toEqual(after);
}, 300_000);

it('without a file name, backs up into BACKUP_DIR under a name of its time', () => {
  const backup = run('backup', source.env);
  expect(backup.status, backup.stderr).toBe(0);
  expect(readdirSync(join(scratch, 'backups'))).toEqual([expect.stringMatching(/^healthassist-\d{4}-\d{2}-\d{2}T\d{6}Z\.zip$/)]);
}, 120_000);

it('restore refuses a file that is not there, and a damaged one, writing nothing', async () => {
  const target = await newPlace();
  const missing = run('restore', target.env, join(scratch, 'nothing.zip'));
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('There is no file at');
  const damaged = join(scratch, 'damaged.zip');
  writeFileSync(damaged, 'PK not really');
  const refused = run('restore', target.env, damaged);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(/^Not restored: This is not a ZIP archive, or it is damaged/);
  if (config.kind === 'pglite') expect(existsSync(target.env.DATA_DIR!)).toBe(true);
  const database = await target.open();
  try {
    expect(Object.values(await snapshotData(database.db)).every((rows) => rows.length === 0)).toBe(true);
  } finally {
    await database.close();
  }
}, 120_000);
