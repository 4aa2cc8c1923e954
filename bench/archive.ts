import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { MAX_DOCUMENT_BYTES } from '../src/shared/rules/documents';
import { wipeData } from '../src/server/db/reset';
import { pdfOfSize } from '../src/testing/documents';
import { createMedicalRecord, createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { type ServerProcess, startServer } from './server-process';

/** A record of 1,000 documents: 999 of 10 KB and one of the largest size, 20 MiB (ADR 18). */
export const ARCHIVE_DOCUMENTS = 1000;
const SMALL_BYTES = 10 * 1024;

/** One export's time and the server's memory around it. */
export interface ExportFigures {
  ms: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  /** Its growth, the peak over the memory before, as a multiple of the largest document (the goal is ≤ 2×). */
  growthTimesLargest: number;
}

export interface ArchiveFigures {
  archiveMiB: number;
  /**
   * The first export after the server started. It also pays what any first use pays once: code compiled on first
   * call, the heap sized up, and on PGlite the database's buffer pool (32 MB, in the process) filled as the documents
   * are read. Printed, not the goal's figure (ADR 18).
   */
  firstExport: ExportFigures;
  /** The next export on the same server: what an export costs a running server. */
  export: ExportFigures;
  importMs: number;
  importRssBeforeMiB: number;
  importPeakRssMiB: number;
  importGrowthTimesLargest: number;
  restoredDocuments: number;
}

/**
 * Exports the record through the real server (GET /api/export, streamed to a file) twice, the first export right after
 * the start and the next one on the running server, and restores the file into a fresh backend's server (POST
 * /api/import, streamed from the file), measuring each request's time and the server's peak.
 */
export async function benchArchive(makeBackend: () => BenchBackend | Promise<BenchBackend | null>, documents = ARCHIVE_DOCUMENTS): Promise<ArchiveFigures> {
  const source = (await makeBackend())!;
  const target = (await makeBackend())!;
  const scratch = mkdtempSync(join(tmpdir(), 'healthassist-bench-archive-'));
  const file = join(scratch, 'archive.zip');
  try {
    const database = await source.open();
    await wipeData(database.db);
    const user = await createUser(database.db);
    await createMedicalRecord(database.db, user.id, { filename: 'largest scan.pdf', bytes: pdfOfSize(MAX_DOCUMENT_BYTES) });
    for (let index = 1; index < documents; index += 1) {
      await createMedicalRecord(database.db, user.id, { filename: `lab report ${index}.pdf`, bytes: randomBytes(SMALL_BYTES) });
    }
    await database.close();
    const largestMiB = MAX_DOCUMENT_BYTES / 2 ** 20;

    const exporting = await startServer(source.serverEnv);
    let firstExport: ExportFigures;
    let laterExport: ExportFigures;
    try {
      firstExport = await exportTo(exporting, file, largestMiB);
      laterExport = await exportTo(exporting, file, largestMiB);
    } finally {
      await exporting.stop();
    }

    const importing = await startServer(target.serverEnv);
    try {
      importing.resetPeak();
      const importRssBeforeMiB = importing.rssMiB();
      const started = performance.now();
      const response = await fetch(`${importing.url}/api/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: await openAsBlob(file),
      });
      if (response.status !== 201) throw new Error(`import answered ${response.status}: ${await response.text()}`);
      const importMs = performance.now() - started;
      const { restored } = (await response.json()) as { restored: { documents: number } };
      const importPeakRssMiB = importing.peakRssMiB();
      return {
        archiveMiB: statSync(file).size / 2 ** 20,
        firstExport,
        export: laterExport,
        importMs,
        importRssBeforeMiB,
        importPeakRssMiB,
        importGrowthTimesLargest: (importPeakRssMiB - importRssBeforeMiB) / largestMiB,
        restoredDocuments: restored.documents,
      };
    } finally {
      await importing.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await source.dispose();
    await target.dispose();
  }
}

/** GET /api/export, streamed to `file`, with the server's peak memory over its memory before. */
async function exportTo(server: ServerProcess, file: string, largestMiB: number): Promise<ExportFigures> {
  server.resetPeak();
  const rssBeforeMiB = server.rssMiB();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/export`);
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
  const ms = performance.now() - started;
  const peakRssMiB = server.peakRssMiB();
  return { ms, rssBeforeMiB, peakRssMiB, growthTimesLargest: (peakRssMiB - rssBeforeMiB) / largestMiB };
}
