import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { wipeData } from '../src/server/db/reset';
import { seedIfEmpty } from '../src/server/db/seed';
import type { BenchBackend } from './backends';
import { median, percentile } from './stats';

// What making each PGlite write durable costs (ADR 18, src/server/db/sync-to-disk.ts): the same write request,
// answered without the sync pass and with it (a CHECKPOINT, then an fsync of the files changed since the last pass).

export interface DurabilityFigures {
  files: number;
  withoutPassMs: number[];
  withPassMs: number[];
  passMs: number[];
}

function countFiles(folder: string): number {
  return readdirSync(folder, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? countFiles(join(folder, entry.name)) : 1), 0);
}

/** Times `rounds` writes (adding a provider) through the app without the pass, then `rounds` with it, then the pass alone. */
export async function benchDurability(backend: BenchBackend, rounds = 40): Promise<DurabilityFigures> {
  const dataDir = backend.serverEnv.DATA_DIR;
  if (!dataDir) throw new Error('the sync pass is PGlite’s only');
  const database = await backend.open();
  const { syncToDisk, ...withoutSync } = database;
  if (!syncToDisk) throw new Error('a PGlite data folder has a sync pass');
  const timeWrites = async (handle: typeof database, from: number) => {
    const app = await buildApp({ database: handle });
    try {
      const took: number[] = [];
      for (let index = from; index < from + rounds; index += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'POST', url: '/api/providers', payload: { userId: 1, name: `Dr. Bench ${index}`, specialty: 'Other' } });
        took.push(performance.now() - started);
        if (response.statusCode !== 201) throw new Error(`a write answered ${response.statusCode}`);
      }
      return took;
    } finally {
      await app.close();
    }
  };
  try {
    await wipeData(database.db);
    await seedIfEmpty(database.db);
    const withoutPassMs = await timeWrites(withoutSync, 0);
    const withPassMs = await timeWrites(database, rounds);
    const passMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await syncToDisk();
      passMs.push(performance.now() - started);
    }
    return { files: countFiles(dataDir), withoutPassMs, withPassMs, passMs };
  } finally {
    await database.close();
  }
}

export function durabilityLines(figures: DurabilityFigures): string[] {
  const describe = (values: number[]) => `median ${median(values).toFixed(1)} ms, p95 ${percentile([...values].sort((a, b) => a - b), 95).toFixed(1)} ms`;
  return [
    `PGlite write (POST /api/providers, ${figures.withoutPassMs.length} in a row, data folder of ${figures.files} files), answered without the sync pass: ${describe(figures.withoutPassMs)}`,
    `  with it (CHECKPOINT, then fsync of the files changed since the last pass and their folders): ${describe(figures.withPassMs)}`,
    `  the pass alone, nothing written since the last: ${describe(figures.passMs)}`,
  ];
}
