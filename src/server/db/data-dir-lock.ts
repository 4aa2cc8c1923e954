import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** In DATA_DIR, beside PostgreSQL's own files (which PGlite does not guard: it runs no postmaster). */
export const LOCK_FILE = 'healthassist.lock';

/** Lock files this process holds: a second open from this very process is refused like one from another. */
const held = new Set<string>();

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLock {
  /** Removes the lock file, if it is still this process's. Safe to call more than once. */
  release(): void;
}

/**
 * Two processes writing one PGlite folder (a second `npm start`, `npm run db:reset` while the server runs)
 * corrupt it. This takes the folder for this process, or throws DataDirInUseError naming the holder.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(dataDir, LOCK_FILE);
  if (held.has(path)) throw inUse(dataDir, process.pid);

  if (!tryCreate(path)) {
    const holder = readHolder(path);
    if (holder === null) {
      throw new DataDirInUseError(
        `${join(dataDir, LOCK_FILE)} names no process: another HealthAssist process may be starting on ${dataDir}. ` +
          'If none is, delete that file.',
      );
    }
    // Released meanwhile, or left stale by a holder that is gone (a crash, kill -9, a reboot). Our own pid in
    // it is stale too: we hold no lock here, so it is a predecessor's, as after a container restart (pid 1).
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw inUse(dataDir, holder);
    // Two processes taking over the same stale lock at the same instant are not told apart: both would have
    // to start within microseconds of each other after a crash.
    rmSync(path, { force: true });
    if (!tryCreate(path)) throw inUse(dataDir, readHolder(path) ?? 'unknown');
  }

  held.add(path);
  return {
    release() {
      if (!held.delete(path)) return;
      // Never remove a lock that another process has meanwhile taken over.
      if (readHolder(path) === process.pid) rmSync(path, { force: true });
    },
  };
}

/** Exits with the lock's message instead of a stack trace: what the person starting the process needs. */
export function exitIfDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}

function inUse(dataDir: string, pid: number | string): DataDirInUseError {
  return new DataDirInUseError(`another HealthAssist process (pid ${pid}) is using ${dataDir}; stop it first`);
}

/** Creates the lock file with this process's pid; false when it exists already. */
function tryCreate(path: string): boolean {
  try {
    writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The pid in a lock file; null when it holds none (being written this instant, or damaged); undefined when gone. */
function readHolder(path: string): number | null | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return /^[1-9]\d*$/.test(text) ? Number(text) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
