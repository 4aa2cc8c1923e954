import { createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';
import type { Patient } from '../core/patient';
import { exportArchive } from './export';

// Backups on disk (ADR 18): the same archive as 'Download all my data', written where the data folder is not.

/** `healthassist-2026-11-26T101500Z.zip`: sorts by time, so the oldest come first in a sorted list. */
const BACKUP_NAME = /^healthassist-\d{4}-\d{2}-\d{2}T\d{6}Z\.zip$/;

export function backupName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return `healthassist-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}${stamp.slice(8)}.zip`;
}

/**
 * Writes the patient's archive to `path` whole or not at all: into a file beside it first, flushed to the disk, then
 * renamed over, so that a crash or a full disk leaves the earlier file (or none), never half an archive under the
 * name. Owner-only (0600). False when there is no patient to back up.
 */
export async function writeArchiveFile(db: Database, patient: Patient, path: string, now = new Date()): Promise<boolean> {
  const archive = await exportArchive(db, patient, now);
  if (!archive) return false;
  const partial = `${path}.partial`;
  try {
    await pipeline(archive, createWriteStream(partial, { mode: 0o600 }));
    const file = await open(partial, 'r');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return true;
}

/** A new backup in `folder` (made owner-only if new), under a name of its time; its path, or null without a patient. */
export async function backUpToFolder(db: Database, patient: Patient, folder: string, now = new Date()): Promise<string | null> {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const path = join(folder, backupName(now));
  return (await writeArchiveFile(db, patient, path, now)) ? path : null;
}

/** The backups in `folder`, oldest first; other files there are not ours and are left alone. */
export async function listBackups(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

/** Removes all but the newest `keep` backups; answers the names removed. */
export async function rotateBackups(folder: string, keep: number): Promise<string[]> {
  const backups = await listBackups(folder);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) await rm(join(folder, name), { force: true });
  return old;
}

/** When the newest backup was written, or null when there is none. */
export async function newestBackupTime(folder: string): Promise<Date | null> {
  const newest = (await listBackups(folder)).at(-1);
  return newest === undefined ? null : (await stat(join(folder, newest))).mtime;
}
