import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { z } from 'zod';
import type { Database } from '../db/client';
import { readDocumentChunks } from '../db/document-bytes';
import type { Patient } from '../core/patient';
import { APP_VERSION } from '../app-version';
import { documentPath } from './document-path';
import { ARCHIVE_FILES, ARCHIVE_VERSION, ArchiveData, ArchiveManifest } from './format';
import { type PatientRows, readPatientRows } from './patient-rows';

type ManifestFile = ArchiveManifest['files'][number];

/** `healthassist-2026-11-26.zip`: the archive's name when downloaded or written by `npm run backup`. */
export function archiveFilename(now: Date): string {
  return `healthassist-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The whole record as a ZIP (ADR 18), streamed: documents/ with each document's bytes, read piece by piece as the
 * archive is written (never a whole document in memory twice, never the whole archive), then healthassist.json and
 * manifest.json. Null when there is no patient yet.
 *
 * The rows are read in one transaction; the documents after it, one by one, so that a slow download does not hold
 * the database (PGlite serves one transaction at a time). A record deleted meanwhile is left out of
 * healthassist.json; the file it left, listed in the manifest like any other, is named by no record and restores as
 * nothing.
 */
export async function exportArchive(db: Database, patient: Patient, now = new Date()): Promise<Readable | null> {
  const rows = await readPatientRows(db, patient);
  if (!rows) return null;
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // A download broken off (the browser closed) stops the document being read: nothing waits for a reader gone.
  const stopped = new AbortController();
  output.once('close', () => stopped.abort());
  writeEntries(db, zip, rows, now, stopped.signal).catch((error: unknown) => {
    // The response has started: all that is left is to break it off, so that the download shows as failed.
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

async function writeEntries(db: Database, zip: yazl.ZipFile, rows: PatientRows, now: Date, signal: AbortSignal): Promise<void> {
  const files: ManifestFile[] = [];
  const records: ArchiveData['medicalRecords'] = [];
  for (const record of rows.medicalRecords) {
    const path = documentPath(record.id, record.filename);
    const file = await addDocument(db, zip, record.id, path, record.uploadDate, signal);
    files.push(file);
    if (file.size === record.fileSize) records.push({ ...record, document: path });
  }
  const data = z.encode(ArchiveData, { format: 'healthassist', version: ARCHIVE_VERSION, exportedAt: now, ...rows, medicalRecords: records });
  const json = Buffer.from(`${JSON.stringify(data, null, 1)}\n`);
  zip.addBuffer(json, ARCHIVE_FILES.data, { mtime: now });
  files.push({ path: ARCHIVE_FILES.data, size: json.length, sha256: sha256(json) });
  const manifest = z.encode(ArchiveManifest, {
    format: 'healthassist-archive',
    version: ARCHIVE_VERSION,
    app: { name: 'HealthAssist', version: APP_VERSION },
    createdAt: now,
    files,
  });
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`), ARCHIVE_FILES.manifest, { mtime: now });
  zip.end();
}

/** Adds one document, stored as it is (PDFs and images are compressed already), and waits until it is written. */
async function addDocument(db: Database, zip: yazl.ZipFile, recordId: number, path: string, mtime: Date, signal: AbortSignal): Promise<ManifestFile> {
  const hash = createHash('sha256');
  let size = 0;
  async function* hashed() {
    for await (const piece of readDocumentChunks(db, recordId)) {
      hash.update(piece);
      size += piece.length;
      yield piece;
    }
  }
  const source = Readable.from(hashed(), { objectMode: false, highWaterMark: 1 });
  const stop = () => source.destroy();
  signal.addEventListener('abort', stop, { once: true });
  zip.addReadStream(source, path, { compress: false, mtime });
  try {
    await finished(source);
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return { path, size, sha256: hash.digest('hex') };
}

/** A file's SHA-256 as the manifest writes it: lowercase hex. */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
