import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// Random secrets the server hands out (session ids, personal access tokens, recovery and setup codes) and how it
// keeps them: only their SHA-256, so a copy of the database lets no one in (ADR 17). A fast hash is enough because
// each secret is random and long (80 bits or more); only the passphrase, chosen by a person, needs scrypt.

/** A session id or a token's secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored and looked up in place of a secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Whether two stored hashes are the same, in the same time wherever they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Crockford's base32: no I, L, O or U, so a code read aloud or copied from paper is not mistaken; on the way in,
 * O reads as 0 and I or L as 1.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

function randomCode(characters: number): string {
  let code = '';
  for (let index = 0; index < characters; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Groups of four or five with dashes, as the code is shown and printed. */
function grouped(code: string, size: number): string {
  return code.match(new RegExp(`.{1,${size}}`, 'g'))!.join('-');
}

/** Characters of a recovery code: 16 of 32 symbols, 80 bits. */
export const RECOVERY_CODE_CHARACTERS = 16;
export const RECOVERY_CODE_COUNT = 10;

/** Ten one-time codes, each shown once as XXXX-XXXX-XXXX-XXXX; store hashRecoveryCode of each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(grouped(randomCode(RECOVERY_CODE_CHARACTERS), 4));
  return [...codes];
}

/** Characters of a setup code: 10 of 32 symbols, 50 bits, for a few tries a minute over the code's short life. */
export const SETUP_CODE_CHARACTERS = 10;

/** The one-time code a fresh install beyond loopback prints in its log, as XXXXX-XXXXX. */
export function newSetupCode(): string {
  return grouped(randomCode(SETUP_CODE_CHARACTERS), 5);
}

/**
 * A code as the patient typed it (any case, spaces or dashes anywhere, O for 0, I or L for 1) in its one spelling,
 * or null when it cannot be a code of that length.
 */
export function normalizeCode(typed: string, characters: number): string | null {
  const symbols = [...typed.toUpperCase().replace(/[\s-]/g, '')].map((character) => READ_AS[character] ?? character).join('');
  if (symbols.length !== characters || [...symbols].some((character) => !ALPHABET.includes(character))) return null;
  return symbols;
}

/** The stored form of a recovery or setup code: the hash of its one spelling. */
export function hashCode(typed: string, characters: number): string | null {
  const code = normalizeCode(typed, characters);
  return code === null ? null : hashSecret(code);
}
