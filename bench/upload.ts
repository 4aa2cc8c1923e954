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
  /** The server's resident memory just before the upload, and its peak from then until the file was read back. */
  rssBeforeMiB: number;
  peakRssMiB: number;
  /** The peak once the upload was answered, before the read-back. */
  uploadPeakRssMiB: number;
  /** The peak's growth over the memory before, as a multiple of the file's size. */
  growthTimesFile: number;
}

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
    const file = await fetch(`${server.url}/api/medical-records/${id}/file`);
    const bytes = Buffer.from(await file.arrayBuffer());
    const readBackMs = performance.now() - started;
    const peakRssMiB = server.peakRssMiB();
    const growthTimesFile = (peakRssMiB - rssBeforeMiB) / (pdf.length / 1024 / 1024);
    return { uploadMs, readBackMs, identical: bytes.equals(pdf), rssBeforeMiB, uploadPeakRssMiB, peakRssMiB, growthTimesFile };
  } finally {
    await server.stop();
  }
}
