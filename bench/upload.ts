import { MAX_DOCUMENT_BYTES } from '../src/shared/rules/documents';
import { wipeData } from '../src/server/db/reset';
import { pdfOfSize } from '../src/testing/documents';
import { createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { startServer } from './server-process';

export interface UploadFigures {
  uploadMs: number;
  readBackMs: number;
  identical: boolean;
  /** The server's resident memory just before the upload. */
  rssBeforeMiB: number;
  /** The peak from then until the upload was answered: the upload's own peak. */
  uploadPeakRssMiB: number;
  /** The upload's growth, its peak over the memory before, as a multiple of the file's size (the goal is ≤ 3×). */
  growthTimesFile: number;
  /** The peak from before the upload until the file was read back, and that growth as a multiple of the file. */
  peakRssMiB: number;
  readBackGrowthTimesFile: number;
  /** Resident memory after MORE_ROUNDS further uploads, each read back: what stays. */
  rssAfterMoreRoundsMiB: number;
}

/** Further uploads after the measured one, each read back, to see whether memory stays or keeps growing. */
export const MORE_ROUNDS = 3;

/** Uploads a 20 MiB PDF through the real server as the browser would (JSON, base64 data URL) and reads it back. */
export async function benchUpload(backend: BenchBackend): Promise<UploadFigures> {
  const database = await backend.open();
  await wipeData(database.db);
  await createUser(database.db);
  await database.close();

  const pdf = pdfOfSize(MAX_DOCUMENT_BYTES);
  const body = JSON.stringify({
    userId: 1,
    filename: 'scan-20mib.pdf',
    fileType: 'application/pdf',
    fileSize: pdf.length,
    fileContents: `data:application/pdf;base64,${pdf.toString('base64')}`,
    description: 'Bench upload',
  });

  const server = await startServer(backend.serverEnv);
  try {
    // The peak of the upload alone: start-up's own peak (migrations, the first queries) is not the upload's.
    server.resetPeak();
    const rssBeforeMiB = server.rssMiB();
    let started = performance.now();
    const created = await fetch(`${server.url}/api/medical-records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (created.status !== 201) throw new Error(`upload answered ${created.status}: ${await created.text()}`);
    const uploadMs = performance.now() - started;
    const { id } = (await created.json()) as { id: number };
    const uploadPeakRssMiB = server.peakRssMiB();

    started = performance.now();
    const bytes = await readBack(server.url, id);
    const readBackMs = performance.now() - started;
    const peakRssMiB = server.peakRssMiB();
    const fileMiB = pdf.length / 1024 / 1024;

    for (let round = 0; round < MORE_ROUNDS; round += 1) {
      const again = await fetch(`${server.url}/api/medical-records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (again.status !== 201) throw new Error(`upload answered ${again.status}`);
      await readBack(server.url, ((await again.json()) as { id: number }).id);
    }
    return {
      uploadMs,
      readBackMs,
      identical: bytes.equals(pdf),
      rssBeforeMiB,
      uploadPeakRssMiB,
      growthTimesFile: (uploadPeakRssMiB - rssBeforeMiB) / fileMiB,
      peakRssMiB,
      readBackGrowthTimesFile: (peakRssMiB - rssBeforeMiB) / fileMiB,
      rssAfterMoreRoundsMiB: server.rssMiB(),
    };
  } finally {
    await server.stop();
  }
}

async function readBack(url: string, id: number): Promise<Buffer> {
  const file = await fetch(`${url}/api/medical-records/${id}/file`);
  if (file.status !== 200) throw new Error(`reading the file back answered ${file.status}`);
  return Buffer.from(await file.arrayBuffer());
}
