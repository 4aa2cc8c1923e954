import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { isRunning, ownStartTime } from './process-liveness';

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

/** Who wrote a lock file. A file of an older version names only the pid: written on this host, start unknown. */
interface Holder {
  pid: number;
  /** Clock ticks since boot (/proc/<pid>/stat), where the system tells it. */
  startTime?: string;
  host?: string;
}

/** A lock file taken, or the reason it was not: its holder, or null when the file names none. */
type Outcome = { taken: true } | { taken: false; file: string; holder: Holder | null | 'unknown' };

/**
 * Two processes writing one PGlite folder (a second `npm start`, `npm run db:reset` while the server runs)
 * corrupt it. This takes the folder for this process, or throws DataDirInUseError naming the holder.
 *
 * Like PostgreSQL's postmaster.pid, the lock file holds the pid, the process's start time and the host name, so
 * a lock is stale once its process is gone, a zombie (killed, not yet collected by its parent: a supervisor that
 * restarts at once finds it so), or its pid belongs to a process that started at another time. The file's text also
 * holds a random token: no two lock files are ever alike, which is what makes the takeover of a stale one safe.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  // Owner-only from the start: the folder holds the patient's records (ADR 12).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = resolve(dataDir, LOCK_FILE);
  if (held.has(path)) throw inUse(dataDir, process.pid);

  const text = lockText();
  const outcome = take(path, text, 0);
  if (!outcome.taken) throw refusal(dataDir, outcome);

  held.add(path);
  return {
    release() {
      if (!held.delete(path)) return;
      // Never remove a lock that another process has meanwhile taken over.
      if (readText(path) === text) rmSync(path, { force: true });
    },
  };
}

/** Exits with the lock's message instead of a stack trace: what the person starting the process needs. */
export function exitIfDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** Each turn creates the file, finds a live holder, or removes one stale file: a few turns always settle it. */
const MAX_TURNS = 8;
/** Takeover files of takeover files: one more level for each process killed within a takeover's microseconds. */
const MAX_DEPTH = 4;

/**
 * Creates the lock file at `path` holding `text`, removing a stale one first.
 *
 * Removing is where two processes that found the same stale file could both win: A removes it and creates its own,
 * then B, still acting on what it read, removes A's. So a stale file is removed only by the process that holds its
 * takeover file (`<path>.takeover-<digest of the stale text>`), itself taken with this same function, and only if
 * the lock file still holds that text. Only one process holds the takeover file of a given text at a time, and no
 * lock file ever holds a text again once it is removed: the text checked is the text removed.
 */
function take(path: string, text: string, depth: number): Outcome {
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    if (tryCreate(path, text)) return { taken: true };
    const found = readText(path);
    if (found === undefined) continue; // released meanwhile
    const holder = parseHolder(found);
    if (holder === null || !isStale(holder)) return { taken: false, file: path, holder };
    if (depth === MAX_DEPTH) break;

    const takeover = `${path}.takeover-${digest(found)}`;
    // Held by a live process: it is taking the folder over this instant and will be its holder.
    const claim = take(takeover, text, depth + 1);
    if (!claim.taken) return claim;
    try {
      if (readText(path) === found) rmSync(path, { force: true });
    } finally {
      // Safe to drop at once: the text it stands for is gone for good.
      rmSync(takeover, { force: true });
    }
  }
  return { taken: false, file: path, holder: 'unknown' };
}

function isStale(holder: Holder): boolean {
  // A process on another host cannot be looked at from here (ADR 12): it is taken as alive.
  if (holder.host !== undefined && holder.host !== hostname()) return false;
  // Our own pid is stale: we hold no lock here (held is checked first), so it is a predecessor's, as after a
  // container restart (pid 1).
  if (holder.pid === process.pid) return true;
  return !isRunning(holder.pid, holder.startTime);
}

function refusal(dataDir: string, { file, holder }: Extract<Outcome, { taken: false }>): DataDirInUseError {
  const shown = join(dataDir, basename(file));
  if (holder === null) {
    return new DataDirInUseError(
      `${shown} names no process: another HealthAssist process may be starting on ${dataDir}. If none is, delete that file.`,
    );
  }
  if (holder === 'unknown') return inUse(dataDir, 'unknown');
  if (holder.host !== undefined && holder.host !== hostname()) {
    return new DataDirInUseError(
      `${shown} was written by pid ${holder.pid} on host ${holder.host}: a HealthAssist process there may be using ` +
        `${dataDir} (a shared or synced folder). If none is, delete that file.`,
    );
  }
  return inUse(dataDir, holder.pid);
}

function inUse(dataDir: string, pid: number | string): DataDirInUseError {
  return new DataDirInUseError(`another HealthAssist process (pid ${pid}) is using ${dataDir}; stop it first`);
}

/** Four lines: pid, start time (empty where unknown), host name, a random token. */
function lockText(): string {
  return `${process.pid}\n${ownStartTime ?? ''}\n${hostname()}\n${randomBytes(8).toString('hex')}\n`;
}

function parseHolder(text: string): Holder | null {
  const lines = text.replace(/\n$/, '').split('\n');
  const pid = parsePid(lines[0]!.trim());
  if (pid === null) return null;
  if (lines.length === 1) return { pid };
  const [, startTime, host] = lines;
  if (lines.length !== 4 || !/^\d*$/.test(startTime!) || !host) return null;
  return { pid, host, ...(startTime ? { startTime } : {}) };
}

function parsePid(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const pid = Number(text);
  return pid <= 0x7fffffff ? pid : null;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Filesystems without hard links (FAT, some network shares): there the file is created and written in two steps. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates the file holding `text`; false when it exists already. It is written under a name of its own first and
 * then linked into place, so no reader ever sees it empty or half written.
 */
function tryCreate(path: string, text: string): boolean {
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, text, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (NO_HARD_LINKS.has(code)) return createInPlace(path, text);
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function createInPlace(path: string, text: string): boolean {
  try {
    writeFileSync(path, text, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The text of a file; undefined when it is gone. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
