import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  readyMs: number;
  /** Resident memory of the server process at its first 200, in MiB (Linux VmRSS). */
  readyRssMiB: number;
  /** Peak resident memory of the server process so far, in MiB (Linux VmHWM). */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let built = false;

/** Builds dist/server (and dist/web) when stale, as `npm start` does; once per bench run. */
function ensureBuild(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/ensure-build.mjs failed with ${result.status ?? result.signal}`);
  built = true;
}

/** Reads one memory line (VmRSS, VmHWM) of a process's /proc status, in MiB. */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Starts what ships, as `npm start` does after its build check: `node dist/server/main.js`, compiled ahead of
 * time, in its own process (npm's own start, about 0.2 s, is not counted). Waits for /api/health.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  ensureBuild();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitForHealth(url, child, started);
  return {
    url,
    pid: child.pid!,
    readyMs,
    readyRssMiB: memoryMiB(child.pid!, 'VmRSS'),
    peakRssMiB: () => memoryMiB(child.pid!, 'VmHWM'),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForHealth(url: string, child: ChildProcess, started: number): Promise<number> {
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready within 120 s');
}
