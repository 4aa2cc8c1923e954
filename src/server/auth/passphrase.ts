import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// The owner's passphrase, stored only as a scrypt hash (ADR 17).

/**
 * N = 2^14, r = 8, p = 5 (16 MiB): one of the settings OWASP's cheat sheet gives as equal to its N = 2^17, p = 1 (ADR 17).
 * Measured on this machine (2 cores, Node 20): N = 2^16, p = 2 took 209 ms a check one day and 390-560 ms on others,
 * over the 300 ms a sign-in may take; this one takes about 270 ms on the slow days. A hash runs on libuv's thread pool,
 * never on the event loop, and one at a time (below), so a burst of sign-ins costs 16 MiB, not 16 MiB each. Hashes
 * stored with the earlier setting are still checked with it, and rehashed at the next sign-in.
 */
export const SCRYPT_SETTING = { logN: 14, r: 8, p: 5 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** A stored hash asking for more than this is refused rather than computed (it would take seconds and gigabytes). */
const MAX_LOG_N = 20;
const MAX_R_OR_P = 16;

interface ScryptSetting {
  logN: number;
  r: number;
  p: number;
}

/** PHC string format: `$scrypt$ln=14,r=8,p=5$<salt>$<hash>`, salt and hash in base64 without padding. */
const STORED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

let queue: Promise<unknown> = Promise.resolve();

/** Runs hashes one after another: each holds 128 · N · r bytes while it runs. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

function derive(passphrase: string, salt: Buffer, { logN, r, p }: ScryptSetting): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r + 1024 * 1024 };
  // NFKC, as NIST SP 800-63B asks: the same passphrase typed on another keyboard or system hashes the same.
  const input = passphrase.normalize('NFKC');
  return oneAtATime(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(input, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(passphrase, salt, SCRYPT_SETTING);
  const { logN, r, p } = SCRYPT_SETTING;
  return `$scrypt$ln=${logN},r=${r},p=${p}$${base64(salt)}$${base64(key)}`;
}

function parse(stored: string): { setting: ScryptSetting; salt: Buffer; key: Buffer } | null {
  const match = STORED.exec(stored);
  if (!match) return null;
  const [logN, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (logN < 10 || logN > MAX_LOG_N || r < 1 || r > MAX_R_OR_P || p < 1 || p > MAX_R_OR_P) return null;
  const salt = Buffer.from(match[4]!, 'base64');
  const key = Buffer.from(match[5]!, 'base64');
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return null;
  return { setting: { logN, r, p }, salt, key };
}

/**
 * Whether `passphrase` is the one `stored` was made from. Anything that is not a hash of this format (the unusable
 * password of a patient who never set one, a damaged row) matches nothing; the comparison takes the same time
 * wherever the keys differ.
 */
export async function verifyPassphrase(passphrase: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(passphrase, parsed.salt, parsed.setting);
  return timingSafeEqual(key, parsed.key);
}

/** A hash made with another setting than today's: rehash it at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { logN, r, p } = parsed.setting;
  return logN !== SCRYPT_SETTING.logN || r !== SCRYPT_SETTING.r || p !== SCRYPT_SETTING.p;
}
