import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePrivate } from './private-files';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'healthassist-private-'));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o7777;

/** Every file not 0600 and every folder not 0700 under `folder` (itself included), as 'mode path'. */
function notPrivate(folder: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o7777) !== expected) found.push(`${(stat.mode & 0o7777).toString(8)} ${relative(folder, path) || '.'}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(folder);
  return found;
}

/** Makes everything under `folder` readable and writable by anyone, as a careless copy or an old run might leave it. */
function loosen(folder: string): void {
  chmodSync(folder, 0o777);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) loosen(path);
    else chmodSync(path, 0o666);
  }
}

describe('makePrivate', () => {
  it('tightens a loose folder at any depth: files to 0600, folders to 0700', () => {
    const folder = join(scratch, 'data');
    mkdirSync(join(folder, 'base', '1'), { recursive: true });
    writeFileSync(join(folder, 'PG_VERSION'), '17');
    writeFileSync(join(folder, 'base', '1', '1259'), 'rows');
    mkdirSync(join(folder, 'pg_wal'));
    writeFileSync(join(folder, 'pg_wal', '000000010000000000000001'), 'patient@example.com');
    loosen(folder);
    chmodSync(join(folder, 'PG_VERSION'), 0o4755);

    makePrivate(folder);
    expect(notPrivate(folder)).toEqual([]);
  });

  it('leaves a symbolic link, and the file outside that it points to, as they are', () => {
    const folder = join(scratch, 'data');
    mkdirSync(folder);
    const outside = join(scratch, 'shared.txt');
    writeFileSync(outside, 'not ours to change');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(folder, 'link'));

    makePrivate(folder);
    expect(modeOf(outside)).toBe(0o644);
    expect(modeOf(folder)).toBe(0o700);
  });

  it('creates a missing folder, and those above it, owner-only', () => {
    const folder = join(scratch, 'new', 'data');
    makePrivate(folder);
    expect(modeOf(folder)).toBe(0o700);
    expect(readdirSync(folder)).toEqual([]);
  });
});

// A real server start: PGlite's initdb, the migrations and the demo patient, several seconds.
describe('the data folder of a real start', { timeout: 120_000 }, () => {
  /** Starts src/server/main.ts on `dataDir` under the usual umask 022, until it listens; stops it cleanly. */
  async function runServer(dataDir: string, whileRunning: () => void): Promise<void> {
    const server = spawn('sh', ['-c', 'umask 022; exec "$0" --import tsx src/server/main.ts', process.execPath], {
      cwd: projectRoot,
      env: { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SEED: 'true', NODE_ENV: 'development', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(server, 'exit') as Promise<[number | null]>;
    try {
      let listening = false;
      for await (const line of createInterface({ input: server.stdout })) {
        listening = line.includes('Server listening at');
        if (listening) break;
      }
      expect(listening, 'the server stopped before it listened').toBe(true);
      whileRunning();
      server.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      server.kill('SIGKILL');
    }
  }

  it('is owner-only, files 0600 and folders 0700, while the server runs and after it stops; loosened, the next start tightens it', async () => {
    const dataDir = join(scratch, 'data');
    await runServer(dataDir, () => expect(notPrivate(dataDir)).toEqual([]));
    expect(notPrivate(dataDir)).toEqual([]);
    expect(readdirSync(join(dataDir, 'pg_wal')).length).toBeGreaterThan(0);

    loosen(dataDir);
    await runServer(dataDir, () => expect(notPrivate(dataDir)).toEqual([]));
    expect(notPrivate(dataDir)).toEqual([]);
  });
});
