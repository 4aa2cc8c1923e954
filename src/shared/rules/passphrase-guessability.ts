import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts (MIT): the common-passwords list (about 49,000) and a guess estimate over dictionary words, keyboard
// patterns, repeats, sequences and dates. Imported only through common-passphrases.ts's dynamic import.

/** zxcvbn's 0–4; 3 is "safely unguessable: moderate protection from an offline slow-hash scenario". */
const LOWEST_SCORE = 3;
/**
 * zxcvbn's matching grows faster than the length: measured on this machine, '12' repeated takes 23 ms at 64
 * characters and 550 ms at 256 (a keyboard pattern 23 and 210), all of it blocking. The first 64 characters are
 * scored: a passphrase whose first 64 are guessable is not saved by what follows.
 */
const SCORED_LENGTH = 64;

let zxcvbn: ZxcvbnFactory | null = null;
let commonPasswords: ReadonlySet<string> | null = null;

/** Built at the first check, not at import: the factory indexes every dictionary (about 40 ms). */
function checker() {
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return { zxcvbn, commonPasswords };
}

/** 'common' when the passphrase is on the list, 'guessable' when zxcvbn would guess it soon, else 'fine'. */
export function guessability(passphrase: string): 'common' | 'guessable' | 'fine' {
  const { zxcvbn, commonPasswords } = checker();
  // As the server hashes it (NFKC), and in lower case: 'Password1234' is the list's 'password1234'.
  const normalized = passphrase.normalize('NFKC');
  if (commonPasswords.has(normalized.toLowerCase())) return 'common';
  const scored = [...normalized].slice(0, SCORED_LENGTH).join('');
  return zxcvbn.check(scored).score < LOWEST_SCORE ? 'guessable' : 'fine';
}
