import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { createAccount, createUser } from '../testing/factories';
import { hashPassphrase } from './auth/passphrase';
import { openPglite } from './db/client';
import { accounts } from './db/schema/index';

// `npm run reset-access` as the owner runs it: with the data folder alone, and refused while the server holds it.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The command from its sources, on PGlite in `dataDir`: only what it is given, no DATABASE_URL of the test run. */
function runCommand(dataDir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/reset-access.ts'], {
    env: { DATA_DIR: dataDir, NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

it('removes the passphrase with the data folder alone, and says what it did', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'healthassist-reset-access-'));
  folders.push(dataDir);
  let database = await openPglite({ dataDir });
  const patient = await createUser(database.db);
  await createAccount(database.db, patient.id, { passwordHash: await hashPassphrase('correct horse battery staple') });
  await database.close();

  const run = runCommand(dataDir);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^Reset access to the pglite database at .*: 1 passphrase removed, 0 sessions ended, /);

  database = await openPglite({ dataDir });
  try {
    expect(await database.db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, patient.id))).toEqual([{ passwordHash: null }]);
  } finally {
    await database.close();
  }
}, 120_000);

it('is refused while the server has the data folder open', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'healthassist-reset-access-'));
  folders.push(dataDir);
  const database = await openPglite({ dataDir });
  try {
    const run = runCommand(dataDir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/another HealthAssist process \(pid \d+\) is using/);
  } finally {
    await database.close();
  }
}, 120_000);

it('refuses a data folder that does not exist, instead of making an empty one', () => {
  const missing = join(tmpdir(), `healthassist-reset-access-missing-${process.pid}`);
  const run = runCommand(missing);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`There is no data folder at ${missing}`);
  expect(existsSync(missing)).toBe(false);
}, 60_000);
