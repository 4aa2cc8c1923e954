import type { BenchBackend } from './backends';
import { startServer } from './server-process';

/** One `npm start`: time from spawning it to the server's first 200 of /api/health, and the server's RSS then. */
export interface StartupSample {
  ms: number;
  rssMiB: number;
}

export interface StartupFigures {
  /** First starts on empty data: PGlite's initdb (PGlite only), the migrations and the seed. */
  empty: StartupSample[];
  /** Restarts on the data the first start left: what every later `npm start` costs. */
  existing: StartupSample[];
}

/** `rounds` times, each on fresh data: a first start, then a restart on what it left. */
export async function benchStartup(makeBackend: () => Promise<BenchBackend>, rounds: number): Promise<StartupFigures> {
  const figures: StartupFigures = { empty: [], existing: [] };
  for (let round = 0; round < rounds; round++) {
    const backend = await makeBackend();
    try {
      const env = { ...backend.serverEnv, SEED: 'true' };
      for (const series of [figures.empty, figures.existing]) {
        const server = await startServer(env, { viaNpm: true });
        series.push({ ms: server.readyMs, rssMiB: server.readyRssMiB });
        await server.stop();
      }
    } finally {
      await backend.dispose();
    }
  }
  return figures;
}
