import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { templateDir, type Template } from './templates';

export type { Template };

export interface RunningServer {
  url: string;
  /** What the server has written to stdout and stderr so far (its log: e.g. the setup code it prints at start). */
  output(): string;
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

/**
 * What ships, as `npm start` runs it (the compiled dist/server/main.js, which global setup builds when stale),
 * on a copy of a template data folder and a free port; `env` adds configuration (an outside service's address).
 */
export async function startServer(template: Template, env: Record<string, string> = {}): Promise<RunningServer> {
  // The data folder inside a folder of its own, so that the daily backup beside it (BACKUP_DIR's default) goes with it.
  const root = mkdtempSync(join(tmpdir(), 'healthassist-e2e-'));
  const dataDir = join(root, 'data');
  cpSync(templateDir(template), dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the test to read, and passed on as before, so a failing server's log still reaches the report.
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health within 60 s');
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // The server gives open requests 10 s; a test must not wait longer than that for a stuck one.
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          rmSync(root, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
