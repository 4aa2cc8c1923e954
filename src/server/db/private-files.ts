import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/**
 * Makes `folder` and everything in it readable by its owner only: folders 0700, files 0600. The data folder holds
 * the patient's records (PostgreSQL's WAL segments alone hold the e-mail address and document names), and with the
 * usual umask of 022 PGlite writes them readable by every user of the machine. Creates the folder when missing.
 *
 * The process umask (0077, set in main.ts) keeps files created from then on private; this tightens what an
 * earlier run, another tool or a copy left looser. Symbolic links are left alone: changing one would change
 * whatever it points to, which may be outside the folder.
 */
export function makePrivate(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  tighten(folder, PRIVATE_FOLDER);
  tightenContents(folder);
}

function tightenContents(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      tighten(path, PRIVATE_FOLDER);
      tightenContents(path);
    } else if (entry.isFile()) {
      tighten(path, PRIVATE_FILE);
    }
  }
}

/** Only when needed: a file already private is left untouched, even if it belongs to someone else. */
function tighten(path: string, mode: number): void {
  try {
    if ((lstatSync(path).mode & 0o7777) !== mode) chmodSync(path, mode);
  } catch (error) {
    // Removed since the folder was listed (a lock released, a temporary file): nothing left to tighten.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
