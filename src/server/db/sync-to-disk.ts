import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { trackFileChanges, type ChangedPaths } from './pglite-file-changes';

// PGlite runs PostgreSQL with fsync off, and its Node file layer never calls fsync (electric-sql/pglite#1107): a
// committed write sits in the operating system's cache until the system writes it out, up to half a minute later, and
// a power loss meanwhile can lose it or leave the folder half-written. After each write request the server makes it
// durable (ADR 18): a CHECKPOINT, which has PostgreSQL write its dirty pages and WAL into the files, then an fsync of
// every file PGlite changed since the last pass and of the folders whose entries changed. PGlite's file layer tells
// which (pglite-file-changes.ts), and the fsyncs run on libuv's threads: the event loop goes on serving meanwhile, and
// only the CHECKPOINT holds other queries (npm run bench -- durability and -- mixed give the figures).

/** Files synced at once: libuv's pool has four threads, which sign-in's scrypt and compression use as well. */
const FSYNC_AT_ONCE = 4;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** fsync of one file or folder; false when it is gone (a dropped table's file, a removed WAL segment). */
async function fsyncPath(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
  try {
    await handle.sync();
    return true;
  } finally {
    await handle.close();
  }
}

/** fsyncs `paths`, a few at a time; answers how many were there to sync. */
async function fsyncAll(paths: string[]): Promise<number> {
  let next = 0;
  let synced = 0;
  const lane = async () => {
    while (next < paths.length) if (await fsyncPath(paths[next++]!)) synced += 1;
  };
  await Promise.all(Array.from({ length: Math.min(FSYNC_AT_ONCE, paths.length) }, lane));
  return synced;
}

/** Every file and folder of the data folder. */
async function wholeFolder(dataDir: string): Promise<ChangedPaths> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  const path = (entry: (typeof entries)[number]) => join(entry.parentPath, entry.name);
  return {
    files: entries.filter((entry) => entry.isFile()).map(path),
    folders: [dataDir, ...entries.filter((entry) => entry.isDirectory()).map(path)],
  };
}

export interface DiskSync {
  /**
   * The sync pass, one at a time: a write that ends while a pass runs gets the next pass (which covers it), and writes
   * that end together share one. Answers how many files the pass synced.
   */
  pass(): Promise<number>;
  /**
   * After PGlite has closed: syncs what its shutdown checkpoint wrote (a stopped server's folder is on the disk too).
   * Answers how many files it synced.
   */
  afterClose(): Promise<number>;
}

/** Starts noting PGlite's changes to its data folder at once: call it as soon as the folder is open. */
export function syncToDisk(client: PGlite, dataDir: string): DiskSync {
  const changes = trackFileChanges(client);
  // What PGlite wrote before it was watched (initdb, the recovery after a crash) is not known: the first pass syncs
  // the whole folder, as does every pass on a PGlite whose file layer cannot tell (another version than the one tested).
  let knowsChanges = false;
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;

  const syncChanged = async (): Promise<number> => {
    const tracked = changes?.take();
    const paths = knowsChanges && tracked ? tracked : await wholeFolder(dataDir);
    try {
      const synced = await fsyncAll(paths.files);
      await fsyncAll(paths.folders);
      knowsChanges = changes !== null;
      return synced;
    } catch (error) {
      // Not synced: the next pass tries again.
      if (tracked) changes!.putBack(tracked);
      throw error;
    }
  };
  const pass = async (): Promise<number> => {
    await client.exec('checkpoint');
    return syncChanged();
  };

  return {
    pass() {
      if (!running) {
        running = pass().finally(() => (running = null));
        return running;
      }
      // A pass is running: its start may precede this write, so one more follows it, shared by all who wait meanwhile.
      next ??= running.catch(() => 0).then(() => {
        next = null;
        running = pass().finally(() => (running = null));
        return running;
      });
      return next;
    },
    afterClose: syncChanged,
  };
}
