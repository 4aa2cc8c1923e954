// A new passphrase must not be one that guessers try first (ASVS 6.2.4), for the form that sets one and the server
// that checks it (ADR 17). The dictionaries are about 1.9 MB of JavaScript, so they are loaded on first use only:
// in the browser a chunk of its own, fetched when a passphrase form first validates (never in the first paint);
// on the server a chunk read at the first passphrase set, not at every start.

export const commonPassphraseMessages = {
  common: 'This passphrase is one of the most commonly used: choose words of your own',
  guessable: 'This passphrase is easy to guess (a common word, name, pattern or date): choose words of your own',
} as const;

/** Why this passphrase is too easy to guess, or null when it is not. Loads the dictionaries the first time. */
export async function commonPassphraseProblem(passphrase: string): Promise<string | null> {
  const { guessability } = await import('./passphrase-guessability');
  const verdict = guessability(passphrase);
  return verdict === 'fine' ? null : commonPassphraseMessages[verdict];
}
