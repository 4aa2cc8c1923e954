import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { badRequest, HttpError, payloadTooLarge } from '../core/errors';

// Reads an archive a patient sends back (ADR 18) without trusting it: the ZIP's central directory is read first, and
// every entry's declared size is checked against what the archive may hold before a byte is unpacked. yauzl then
// refuses to unpack more (or less) than an entry declares, so a "zip bomb" cannot make the server unpack more than
// the sizes checked here.

export const damaged = (detail: string) => badRequest(`The backup is damaged or was changed: ${detail}`);

/** How much an archive may unpack to, whole and file by file. */
export interface UnpackLimits {
  totalBytes: number;
  /** The largest a file of this name may be. */
  fileBytes(path: string): number;
  /** At most this many files. */
  files: number;
}

/**
 * Past this ratio of unpacked to packed size a file is a bomb, not a backup: JSON packs about 10 to 1, documents are
 * stored as they are. Only files of more than a mebibyte are judged, as tiny ones can pack far better.
 */
const MAX_PACKING_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;

export interface OpenedArchive {
  /** Each file by its path (folders left out). */
  files: Map<string, yauzl.Entry>;
  /** The file's bytes as they are unpacked. A lie in the ZIP about its size or its packing is a 400. */
  read(entry: yauzl.Entry): AsyncGenerator<Buffer>;
  close(): void;
}

export async function openArchive(path: string, limits: UnpackLimits): Promise<OpenedArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true });
  } catch {
    throw badRequest('This is not a ZIP archive, or it is damaged: choose a backup that HealthAssist made');
  }
  try {
    if (zip.entryCount > limits.files) throw payloadTooLarge(`The backup holds more than ${limits.files} files, more than this server accepts`);
    const files = new Map<string, yauzl.Entry>();
    let total = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName.endsWith('/')) continue;
        if (entry.isEncrypted()) throw badRequest(`The backup's file ${entry.fileName} is encrypted: HealthAssist's backups are not`);
        if (files.has(entry.fileName)) throw damaged(`it holds ${entry.fileName} twice`);
        if (entry.uncompressedSize > limits.fileBytes(entry.fileName)) {
          throw payloadTooLarge(`The backup's file ${entry.fileName} unpacks to more than this server accepts for it`);
        }
        total += entry.uncompressedSize;
        if (total > limits.totalBytes) throw payloadTooLarge(`The backup unpacks to more than ${mebibytes(limits.totalBytes)} MiB, more than this server accepts`);
        if (entry.uncompressedSize > RATIO_FROM_BYTES && entry.uncompressedSize > MAX_PACKING_RATIO * Math.max(entry.compressedSize, 1)) {
          throw badRequest(`The backup's file ${entry.fileName} unpacks to ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times its size: this is not a backup HealthAssist made`);
        }
        files.set(entry.fileName, entry);
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw damaged('its list of files cannot be read');
    }
    return {
      files,
      read: (entry) => readEntry(zip, entry),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function* readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): AsyncGenerator<Buffer> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw damaged(`${entry.fileName} cannot be unpacked`);
  }
  try {
    for await (const piece of stream) yield piece as Buffer;
  } catch {
    throw damaged(`${entry.fileName} does not unpack to the size it declares`);
  } finally {
    stream.destroy();
  }
}

/** A small file (the manifest, the data) whole. */
export async function readWhole(archive: OpenedArchive, entry: yauzl.Entry): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of archive.read(entry)) pieces.push(piece);
  return Buffer.concat(pieces);
}

const mebibytes = (bytes: number) => Math.floor(bytes / 2 ** 20);
