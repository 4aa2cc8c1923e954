import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Every file of a ZIP by its path, in the archive's order. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  return files;
}

/** A ZIP of these files, in this order; `compress` says which to deflate (default: all). */
export async function zip(files: Map<string, Buffer>, compress: (path: string) => boolean = () => true): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [path, bytes] of files) archive.addBuffer(bytes, path, { compress: compress(path) });
  archive.end();
  return buffer(archive.outputStream as Readable);
}
