import { closeSync, fsyncSync, openSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

// PGlite runs PostgreSQL with fsync off, and its Node file layer never calls fsync (electric-sql/pglite#1107): a
// committed write sits in the operating system's cache until the system writes it out, up to half a minute later, and
// a power loss meanwhile can lose it or leave the folder half-written. After each write request the server makes it
// durable (ADR 18): a CHECKPOINT, which has PostgreSQL write its dirty pages and WAL into the files, then an fsync of
// every file changed since the last pass and of their folders. Measured: about 15 ms a write (npm run bench -- durability:
// 18-21 ms with it, 3-5 ms without).

/** Files whose modification time is within this of the last pass's start are synced again: coarse clocks, slow writes. */
const MTIME_SLACK_MS = 2000;

function changedSince(folder: string, since: number, into: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) changedSince(path, since, into);
    else if (entry.isFile() && statSync(path).mtimeMs >= since) into.push(path);
  }
  return into;
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * A data folder's sync pass, one at a time: a write that ends while a pass runs gets the next pass (which covers it),
 * and writes that end together share one. Answers how many files the pass synced.
 */
export function syncPass(db: Database, dataDir: string): () => Promise<number> {
  let lastStart = 0;
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const pass = async (): Promise<number> => {
    const started = Date.now();
    await db.execute(sql`checkpoint`);
    const changed = changedSince(dataDir, lastStart - MTIME_SLACK_MS);
    for (const file of changed) fsyncPath(file);
    for (const folder of new Set(changed.map((file) => dirname(file)))) fsyncPath(folder);
    lastStart = started;
    return changed.length;
  };
  return () => {
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
  };
}
