import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProvider, createUser } from '../../testing/factories';
import { buildApp } from '../app';
import { openPglite, type DatabaseHandle } from './client';
import { syncToDisk } from './sync-to-disk';

// A PGlite write is on the disk before its answer leaves (ADR 18): each successful write request is followed by the
// sync pass; reads and refusals are not.

const folder = mkdtempSync(join(tmpdir(), 'healthassist-sync-'));
let database: DatabaseHandle;
let passes = 0;
beforeAll(async () => {
  database = await openPglite({ dataDir: join(folder, 'data') });
  await createUser(database.db, { id: 1 });
});
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

it('syncs after a write that succeeded, not after a read, a refusal or a sign-out', async () => {
  const sync = database.syncToDisk!;
  const counted: DatabaseHandle = { ...database, syncToDisk: () => ((passes += 1), sync()) };
  const app = await buildApp({ database: counted });
  try {
    const created = await app.inject({ method: 'POST', url: '/api/providers', payload: { userId: 1, name: 'Dr. Lena Ortiz', specialty: 'Dentistry' } });
    expect(created.statusCode).toBe(201);
    expect(passes).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/providers/1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/providers', payload: { userId: 1, name: '' } })).statusCode).toBe(400);
    // Signing out only ends a session: a route that opts out.
    expect((await app.inject({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);
    expect(passes).toBe(1);
  } finally {
    await app.close();
  }
}, 60_000);

it('syncs the files a write changed and not the rest of the folder, and shares a pass among writes that end together', async () => {
  await createProvider(database.db, 1, { name: 'Dr. Another' });
  const afterWrite = await database.syncToDisk!();
  expect(afterWrite).toBeGreaterThan(0);
  // Nothing written since: the checkpoint's own record and pg_control, not every file touched in the last seconds.
  expect(await database.syncToDisk!()).toBeLessThanOrEqual(3);
  const together = await Promise.all([database.syncToDisk!(), database.syncToDisk!(), database.syncToDisk!()]);
  expect(together[1]).toBe(together[2]);
}, 60_000);

it('is not there in memory, where there is no disk', async () => {
  const memory = await openPglite({ memory: true });
  try {
    expect(memory.syncToDisk).toBeUndefined();
  } finally {
    await memory.close();
  }
});

it('syncs, after PGlite has closed, the files its shutdown checkpoint wrote', async () => {
  const dataDir = join(folder, 'closing');
  const client = await PGlite.create(dataDir);
  const disk = syncToDisk(client, dataDir);
  await client.exec('create table doses (taken_at timestamptz)');
  await disk.pass();
  await client.exec('insert into doses values (now())');
  await client.close();
  expect(await disk.afterClose()).toBeGreaterThan(0);
}, 60_000);
