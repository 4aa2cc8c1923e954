import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Requests at once, each writer sending its next the moment its last is answered: the server always has some waiting. */
const WRITERS = 20;
/** Answered writes a round waits for before the kill: a count, not a time, so a slow machine only makes it slower. */
const ACKNOWLEDGED_BEFORE_KILL = 100;
/**
 * Kills, each followed by a start on the same folder: the recovery of one kill must itself survive the next. Three, not
 * five: on two busy cores, measured before the sync pass left the event loop (issue 30), a round took 10-15 s and five
 * took 62-71 s.
 */
const ROUNDS = 3;

/**
 * Where a round's kill lands, once ACKNOWLEDGED_BEFORE_KILL writes are answered. On PGlite the server runs one
 * query at a time (PostgreSQL runs in its thread), the others waiting their turn.
 * - 'on an answer': at once. The server has just sent that answer and is reading or inserting the next write.
 * - 'on a commit': at the next write into pg_wal. A write has committed and its answer waits on the sync pass.
 */
type KillPoint = 'on an answer' | 'on a commit';

let scratch: string;
/** Servers a test started, killed after it whatever happened. */
let servers: ChildProcess[];
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'healthassist-kill-'));
  servers = [];
});
afterEach(() => {
  for (const server of servers) server.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

interface RunningServer {
  server: ChildProcess;
  origin: string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts src/server/main.ts on `dataDir`, until it listens; answers where. */
async function startServer(dataDir: string): Promise<RunningServer> {
  // node itself, not through a shell: the SIGKILL must reach the process that holds the database.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      // No backup of its own starting beside the writes: the folder changes only with the requests.
      BACKUP_KEEP: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(server);
  const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  // Read to the end, not only to the listening line: a pipe nobody reads fills up with request lines and stalls the server.
  const lines = createInterface({ input: server.stdout! });
  const origin = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) resolve(listening[1]!);
    });
    lines.on('close', () => reject(new Error('the server stopped before it listened')));
  });
  return { server, origin, exited };
}

/** The patient whose providers the writes add to: on this machine the app is open, no sign-in. */
async function openPatientId(origin: string): Promise<number> {
  const session = (await (await fetch(`${origin}/api/session`)).json()) as { access: string; patientId: number };
  expect(session.access).toBe('open');
  return session.patientId;
}

async function providerNames(origin: string, patientId: number): Promise<Set<string>> {
  const response = await fetch(`${origin}/api/providers/${patientId}`);
  expect(response.status).toBe(200);
  return new Set(((await response.json()) as Array<{ name: string }>).map((provider) => provider.name));
}

interface Round {
  killPoint: KillPoint;
  /** Names whose whole 201 answer arrived: the server said they were saved. */
  acknowledged: string[];
  /** Names whose request the kill cut off: the server may or may not have saved them, and said neither. */
  inFlight: string[];
}

/**
 * Writers adding providers in a closed loop until ACKNOWLEDGED_BEFORE_KILL are answered, then SIGKILL at `killPoint`
 * while the others wait on theirs. Resolves once every writer has stopped and the server has exited.
 */
async function writeThenKill(
  { server, origin, exited }: RunningServer,
  dataDir: string,
  patientId: number,
  round: number,
  killPoint: KillPoint,
): Promise<Round> {
  const acknowledged: string[] = [];
  const inFlight: string[] = [];
  let killed = false;
  let enoughAcknowledged!: () => void;
  const enough = new Promise<void>((resolve) => (enoughAcknowledged = resolve));

  const writer = async (id: number) => {
    for (let count = 0; !killed; count++) {
      const name = `Round ${round} writer ${id} write ${count}`;
      let response: Response;
      let body: string;
      try {
        response = await fetch(`${origin}/api/providers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: patientId, name, specialty: 'Other' }),
        });
        body = await response.text();
      } catch (error) {
        // A request fails only because the server was killed under it; before that, a failure is the test's to report.
        if (!killed) throw error;
        inFlight.push(name);
        continue;
      }
      // Checked whenever it comes: an answer may still arrive after the kill, sent just before it.
      expect(response.status, body).toBe(201);
      acknowledged.push(name);
      if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) enoughAcknowledged();
    }
  };
  const writers = Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
  const stopWatching = new AbortController();
  try {
    const killTime = (async () => {
      await enough;
      // Watched from here on: a change the watch sees is made after the answer that made the count.
      if (killPoint === 'on a commit') for await (const _change of watch(join(dataDir, 'pg_wal'), { signal: stopWatching.signal })) break;
    })();
    // A writer that fails ends the wait with its error, not with the test's timeout.
    await Promise.race([killTime, writers]);
  } finally {
    stopWatching.abort();
  }
  killed = true;
  server.kill('SIGKILL');
  // Every writer stops: its request in flight fails with the server, and it sends no other once `killed` is set.
  await writers;
  const [, signal] = await exited;
  expect(signal).toBe('SIGKILL');
  return { killPoint, acknowledged, inFlight };
}

// ROUNDS + 1 real server starts (PGlite's initdb once, then a recovery after each kill) and some hundreds of writes.
describe('killing the server with SIGKILL while writes are in flight', { timeout: 300_000 }, () => {
  it(`loses no write it acknowledged, over ${ROUNDS} kills and starts on the same data folder`, async () => {
    const dataDir = join(scratch, 'data');
    const acknowledgedBefore: string[] = [];
    let lastRound: Round | null = null;
    for (let round = 1; round <= ROUNDS + 1; round++) {
      // Straight after the kill: the stale data-folder lock is taken over at once, no waiting for it to age.
      const running = await startServer(dataDir);
      const patientId = await openPatientId(running.origin);
      const saved = await providerNames(running.origin, patientId);
      expect(acknowledgedBefore.filter((name) => !saved.has(name)), 'acknowledged before a kill, missing after it').toEqual([]);
      if (lastRound) {
        // Not asserted: a write in flight may be saved or not, the server never said. Told for the record.
        const inFlightSaved = lastRound.inFlight.filter((name) => saved.has(name)).length;
        console.log(
          `round ${round - 1}, killed ${lastRound.killPoint}: ${lastRound.acknowledged.length} writes acknowledged, all there after the ` +
            `restart; ${lastRound.inFlight.length} in flight at the kill, ${inFlightSaved} of them there`,
        );
      }
      if (round > ROUNDS) break;

      lastRound = await writeThenKill(running, dataDir, patientId, round, round % 2 === 1 ? 'on an answer' : 'on a commit');
      // The test's premise: the kill cut requests off unanswered.
      expect(lastRound.inFlight.length).toBeGreaterThan(0);
      expect(lastRound.acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
      acknowledgedBefore.push(...lastRound.acknowledged);
    }
  });
});
