import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { payloadTooLarge } from '../core/errors';

/** A request body kept on disk while it is read: owner-only, in a folder of its own, removed by `remove()`. */
export interface ReceivedFile {
  path: string;
  size: number;
  remove(): Promise<void>;
}

/**
 * Writes a body to a private temporary file, refusing it (413, and nothing kept) once it passes `maxBytes`: a ZIP is
 * read from its end, so it cannot be checked as it arrives, and it may be far larger than memory should hold.
 */
export async function receiveToFile(body: Readable, maxBytes: number, tooLarge: string): Promise<ReceivedFile> {
  const folder = await mkdtemp(join(tmpdir(), 'healthassist-upload-'));
  const path = join(folder, 'body');
  const remove = () => rm(folder, { recursive: true, force: true });
  let size = 0;
  const counter = new Transform({
    transform(piece: Buffer, _encoding, done) {
      size += piece.length;
      done(size > maxBytes ? payloadTooLarge(tooLarge) : null, piece);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { mode: 0o600, flags: 'wx' }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, size, remove };
}
