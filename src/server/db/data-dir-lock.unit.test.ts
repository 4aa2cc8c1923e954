import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** Linux tells a process's state and start time in /proc; elsewhere the lock knows only pids. */
const hasProc = existsSync('/proc/self/stat');

let dataDir: string;
let lockPath: string;
/** Processes a test started, killed after it whatever happened. */
let children: ChildProcess[];
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'healthassist-lock-'));
  lockPath = join(dataDir, LOCK_FILE);
  children = [];
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const inUse = (pid: number, folder = dataDir) => `another HealthAssist process (pid ${pid}) is using ${folder}; stop it first`;

/** The lock file's lines: pid, start time, host name, token. */
const lockLines = (path = lockPath) => readFileSync(path, 'utf8').trim().split('\n');

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat, counted after the command name. */
function procStat(pid: number): { state: string; startTime: string } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { state: fields[0]!, startTime: fields[19]! };
}

/** A lock file as lockDataDir writes it. */
const lockText = (pid: number, startTime: string, host = hostname()) => `${pid}\n${startTime}\n${host}\n0123456789abcdef\n`;

interface HolderReport {
  pid: number;
  taken: string[];
  refused: string[];
}

/** src/testing/data-dir-lock-holder.ts: a process that takes folders and holds them until killed. */
function startHolder(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/testing/data-dir-lock-holder.ts', ...args], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Reads what a child prints, a line at a time. */
function linesOf(child: ChildProcess): () => Promise<string> {
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the process ended before printing a line');
    return line.value;
  };
}

describe('lockDataDir', () => {
  it('writes this process’s pid, start time and host name, owner-only; refuses a second lock; removes it on release', () => {
    const lock = lockDataDir(dataDir);
    const [pid, startTime, host, token] = lockLines();
    expect(pid).toBe(String(process.pid));
    expect(startTime).toBe(hasProc ? procStat(process.pid).startTime : '');
    expect(host).toBe(hostname());
    expect(token).toMatch(/^[0-9a-f]{16}$/);
    expect(statSync(lockPath).mode & 0o777).toBe(0o600);
    // Written under a name of its own and linked into place: nothing else is left behind.
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE]);

    expect(() => lockDataDir(dataDir)).toThrow(inUse(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    lock.release();
    lockDataDir(dataDir).release();
  });

  it('creates a missing data folder readable by its owner only', () => {
    const folder = join(dataDir, 'new', 'data');
    lockDataDir(folder).release();
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('refuses a folder whose lock names a live process, in the old format (a pid alone) or the new', () => {
    // Our parent stands in for another HealthAssist process: alive, and not this one.
    writeFileSync(lockPath, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(inUse(process.ppid));
    expect(lockLines()).toEqual([String(process.ppid)]);

    writeFileSync(lockPath, lockText(process.ppid, hasProc ? procStat(process.ppid).startTime : ''));
    expect(() => lockDataDir(dataDir)).toThrow(inUse(process.ppid));
  });

  it.each([
    ['a process that has exited', () => `${deadPid()}\n`],
    ['a process that has exited, in the new format', () => lockText(deadPid(), '12345')],
    // After a container restart the new process may get its predecessor's pid.
    ['this process, which holds no lock on it', () => `${process.pid}\n`],
    ['this process, in the new format', () => lockText(process.pid, hasProc ? procStat(process.pid).startTime : '')],
  ])('takes over a stale lock left by %s', (_case, staleLock) => {
    writeFileSync(lockPath, staleLock());
    const lock = lockDataDir(dataDir);
    expect(lockLines()[0]).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it.runIf(hasProc)('takes over the lock of a live pid that started at another time: the pid was given to another program', () => {
    const parentStart = procStat(process.ppid).startTime;
    writeFileSync(lockPath, lockText(process.ppid, String(Number(parentStart) + 1)));
    const lock = lockDataDir(dataDir);
    expect(lockLines()[0]).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a lock written on another host, naming the host and the file to delete', () => {
    // Even of a pid that is dead here: that process runs, or ran, on the other machine (a shared or synced folder).
    writeFileSync(lockPath, lockText(deadPid(), '12345', 'other-laptop.example'));
    expect(() => lockDataDir(dataDir)).toThrow(
      `${lockPath} was written by pid ${lockLines()[0]} on host other-laptop.example: a HealthAssist process there may be using ${dataDir}`,
    );
    expect(lockLines()[2]).toBe('other-laptop.example');
  });

  it.each([
    ['empty', ''],
    ['not a pid', 'healthassist\n'],
    ['a pid out of range', '99999999999\n'],
    ['a start time that is not a number', `${process.ppid}\nyesterday\n${hostname()}\n0123456789abcdef\n`],
    ['lines missing', `${process.ppid}\n\n`],
    ['bytes that are not text', '\u0000\u00ff\ufffd'],
  ])('refuses a lock file that names no process (%s), saying which file to delete, and leaves it', (_case, garbage) => {
    writeFileSync(lockPath, garbage);
    expect(() => lockDataDir(dataDir)).toThrow(`${lockPath} names no process`);
    expect(readFileSync(lockPath, 'utf8')).toBe(garbage);
  });

  it('leaves alone, on release, a lock that another process has taken over', () => {
    const lock = lockDataDir(dataDir);
    writeFileSync(lockPath, `${process.ppid}\n`);
    lock.release();
    expect(lockLines()).toEqual([String(process.ppid)]);
  });

  // A stale lock is removed only by the process holding its takeover file, named after the stale lock's text.
  const takeoverPath = (staleText: string) =>
    `${lockPath}.takeover-${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}`;

  it('refuses while another live process is taking over the same stale lock, naming it', () => {
    const stale = `${deadPid()}\n`;
    writeFileSync(lockPath, stale);
    writeFileSync(takeoverPath(stale), lockText(process.ppid, hasProc ? procStat(process.ppid).startTime : ''));
    expect(() => lockDataDir(dataDir)).toThrow(inUse(process.ppid));
    expect(readFileSync(lockPath, 'utf8')).toBe(stale);
  });

  it('takes over when the process taking over before was killed in the middle, leaving no takeover file', () => {
    const stale = `${deadPid()}\n`;
    writeFileSync(lockPath, stale);
    writeFileSync(takeoverPath(stale), lockText(deadPid(), '12345'));
    const lock = lockDataDir(dataDir);
    expect(lockLines()[0]).toBe(String(process.pid));
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE]);
    lock.release();
  });
});

// Real processes: each loads the lock through tsx, about a second.
describe('other processes', { timeout: 60_000 }, () => {
  it.runIf(hasProc)('takes over at once the lock of a process killed with SIGKILL and not yet collected by its parent (a zombie)', async () => {
    // sh starts the holder in the background and becomes `sleep`, which never collects it: killed, it stays a
    // zombie, as when a supervisor starts the server again before it has collected the dead one.
    const parent = spawn(
      'sh',
      ['-c', 'node --import tsx src/testing/data-dir-lock-holder.ts "$1" & exec sleep 1000000', 'sh', dataDir],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(parent);
    const killed = JSON.parse(await linesOf(parent)()) as HolderReport;
    expect(killed.taken).toEqual([dataDir]);
    process.kill(killed.pid, 'SIGKILL');
    await vi.waitFor(() => expect(procStat(killed.pid).state).toBe('Z'), { timeout: 10_000, interval: 10 });

    const restarted = JSON.parse(await linesOf(startHolder([dataDir]))()) as HolderReport;
    expect(restarted).toEqual({ pid: restarted.pid, taken: [dataDir], refused: [] });
    expect(lockLines()[0]).toBe(String(restarted.pid));
    // Still a zombie: the takeover did not wait for it to be collected.
    expect(procStat(killed.pid).state).toBe('Z');
  });

  it('lets exactly one of two processes starting at the same instant take over each stale lock', async () => {
    // Many folders, taken in the same order by both: the two keep meeting on the same stale lock.
    const folders = Array.from({ length: 300 }, (_, index) => join(dataDir, `data-${index}`));
    const stale = `${deadPid()}\n`;
    for (const folder of folders) {
      mkdirSync(folder);
      writeFileSync(join(folder, LOCK_FILE), stale);
    }
    const racers = [startHolder(['--wait-for-go', ...folders]), startHolder(['--wait-for-go', ...folders])];
    const reads = racers.map((racer) => linesOf(racer));
    for (const read of reads) expect(await read()).toBe('ready');
    for (const racer of racers) racer.stdin!.write('go\n');
    const reports = await Promise.all(reads.map(async (read) => JSON.parse(await read()) as HolderReport));

    const doubleWins = folders.filter((folder) => reports.every((report) => report.taken.includes(folder)));
    expect(doubleWins).toEqual([]);
    reports.forEach((report, index) => {
      const other = reports[1 - index]!;
      // Whatever one did not take, the other took, and the loser was told who holds it.
      expect(report.refused).toEqual(other.taken.map((folder) => inUse(other.pid, folder)));
      expect(report.taken.length + other.taken.length).toBe(folders.length);
    });
  });
});

// Each open of a new folder runs PGlite's initdb: seconds, not milliseconds.
describe('opening a PGlite data folder', { timeout: 60_000 }, () => {
  it('holds the folder until closed: a second open, even `npm run db:reset` from another process, is refused', async () => {
    const database = await openPglite({ dataDir });
    try {
      await expect(openPglite({ dataDir })).rejects.toThrow(inUse(process.pid));

      const reset = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/reset-database.ts'], {
        cwd: projectRoot,
        env: { DATA_DIR: dataDir, NODE_ENV: 'development', SEED: 'false' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(reset.stderr.trim()).toBe(inUse(process.pid));
      expect(reset.status).toBe(1);

      await database.db.execute('select 1');
    } finally {
      await database.close();
    }
    expect(existsSync(lockPath)).toBe(false);
    const reopened = await openPglite({ dataDir });
    await reopened.close();
  });

  it('takes over the stale lock of a process that died without closing', async () => {
    writeFileSync(lockPath, `${deadPid()}\n`);
    const database = await openPglite({ dataDir });
    expect(lockLines()[0]).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockPath)).toBe(false);
  });
});
