import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
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
  /** Resident memory now, in MiB (VmRSS). */
  rssMiB(): number;
  /** Starts the peak over from the memory in use now (Linux clear_refs 5), to measure one operation's peak. */
  resetPeak(): void;
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

/** The one child of a process: the node that `npm start` execs (its shell replaced itself with it). */
function onlyChild(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`expected npm (pid ${pid}) to run one process, found ${children.length}`);
  return Number(children[0]);
}

export interface StartOptions {
  /**
   * Run `npm start` itself, build check and npm included: what a person waits for (start-up figures). Otherwise
   * the command it ends in, `node dist/server/main.js`, with the build checked once beforehand (load benches).
   */
  viaNpm?: boolean;
  /** Node options before the server's own file (`--import` of a probe), for `node dist/server/main.js` only. */
  nodeArgs?: string[];
}

/** Starts what ships, the server compiled ahead of time, as `npm start` does, and waits for /api/health. */
export async function startServer(env: Record<string, string>, { viaNpm = false, nodeArgs = [] }: StartOptions = {}): Promise<ServerProcess> {
  ensureBuild();
  const port = await freePort();
  const started = performance.now();
  const [command, args] = viaNpm ? ['npm', ['start', '--silent']] : [process.execPath, [...nodeArgs, 'dist/server/main.js']];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitForHealth(url, child, started);
  // npm forwards SIGTERM to the server (stop() below); memory is the server's own.
  const serverPid = viaNpm ? onlyChild(child.pid!) : child.pid!;
  return {
    url,
    pid: serverPid,
    readyMs,
    readyRssMiB: memoryMiB(serverPid, 'VmRSS'),
    peakRssMiB: () => memoryMiB(serverPid, 'VmHWM'),
    rssMiB: () => memoryMiB(serverPid, 'VmRSS'),
    resetPeak: () => writeFileSync(`/proc/${serverPid}/clear_refs`, '5'),
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
