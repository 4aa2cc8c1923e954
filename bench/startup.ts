import type { BenchBackend } from './backends';
import { startServer } from './server-process';

export interface StartupFigures {
  emptyMs: number;
  existingMs: number;
}

/** From spawning the server to its first 200 of /api/health: first start (migrate and seed), then a restart. */
export async function benchStartup(backend: BenchBackend): Promise<StartupFigures> {
  const env = { ...backend.serverEnv, SEED: 'true' };
  const first = await startServer(env);
  await first.stop();
  const second = await startServer(env);
  await second.stop();
  return { emptyMs: first.readyMs, existingMs: second.readyMs };
}
