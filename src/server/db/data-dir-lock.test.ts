import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

let dataDir: string;
let lockPath: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'healthassist-lock-'));
  lockPath = join(dataDir, LOCK_FILE);
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const inUse = (pid: number) => `another HealthAssist process (pid ${pid}) is using ${dataDir}; stop it first`;

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('lockDataDir', () => {
  it('writes this process’s pid into the folder, refuses a second lock, and removes it on release', () => {
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(inUse(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    lock.release();
    lockDataDir(dataDir).release();
  });

  it('refuses a folder whose lock names a live process', () => {
    // Our parent stands in for another HealthAssist process: alive, and not this one.
    writeFileSync(lockPath, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(inUse(process.ppid));
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.ppid));
  });

  it.each([
    ['a process that has exited', () => deadPid()],
    // After a container restart the new process may get its predecessor's pid.
    ['this process, which holds no lock on it', () => process.pid],
  ])('takes over a stale lock left by %s', (_case, stalePid) => {
    writeFileSync(lockPath, `${stalePid()}\n`);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a lock file that names no process, saying which file to delete', () => {
    writeFileSync(lockPath, '');
    expect(() => lockDataDir(dataDir)).toThrow(`${lockPath} names no process`);
  });

  it('leaves alone, on release, a lock that another process has taken over', () => {
    const lock = lockDataDir(dataDir);
    writeFileSync(lockPath, `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.ppid));
  });
});

// Each open of a new folder runs PGlite's initdb: seconds, not milliseconds.
describe('opening a PGlite data folder', { timeout: 60_000 }, () => {
  it('holds the folder until closed: a second open, even `npm run db:reset` from another process, is refused', async () => {
    const database = await openPglite({ dataDir });
    try {
      await expect(openPglite({ dataDir })).rejects.toThrow(inUse(process.pid));

      const reset = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/reset-database.ts'], {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
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
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockPath)).toBe(false);
  });
});
