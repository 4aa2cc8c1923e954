// What a passphrase must be, for the form that sets one and the server that checks it (ADR 17).

/** NIST SP 800-63B's floor for a memorised secret chosen by its owner is 8; a passphrase of words wants more. */
export const PASSPHRASE_MIN_LENGTH = 12;
/** Long enough for any passphrase a person types; bounded so that hashing one costs the same every time. */
export const PASSPHRASE_MAX_LENGTH = 256;

/** Counted in characters as a person sees them (code points), after the normalisation the server hashes. */
export function passphraseLength(passphrase: string): number {
  return [...passphrase.normalize('NFKC')].length;
}

export const signInMessages = {
  tooShort: `Use at least ${PASSPHRASE_MIN_LENGTH} characters: a few words you will remember work well`,
  tooLong: `Use at most ${PASSPHRASE_MAX_LENGTH} characters`,
} as const;

/** Why this passphrase cannot be set, or null when it can. */
export function passphraseProblem(passphrase: string): string | null {
  const length = passphraseLength(passphrase);
  if (length < PASSPHRASE_MIN_LENGTH) return signInMessages.tooShort;
  if (length > PASSPHRASE_MAX_LENGTH) return signInMessages.tooLong;
  return null;
}

/**
 * The 403 of a change that needs fresh proof (ADR 21): the browser knows it by these words, asks for the passphrase or
 * a passkey in a dialog, and sends the change again.
 */
export const FRESH_PROOF_NEEDED = 'Confirm it is you first: enter your passphrase or use a passkey, then try again';

/** What the access log records (ADR 17): sign-ins and their failures, ended sessions, credentials made. */
export const ACCESS_EVENT_KINDS = [
  'signed_in',
  'sign_in_failed',
  'signed_out',
  'sessions_ended',
  'passphrase_set',
  'recovery_codes_made',
  'recovery_code_used',
  'access_reset',
  'setup_code_used',
  'passkey_added',
  'passkey_removed',
  'token_made',
  'token_revoked',
] as const;
export type AccessEventKind = (typeof ACCESS_EVENT_KINDS)[number];

/** What a personal access token may do (ADR 17): read only, or read and change. */
export const ACCESS_TOKEN_SCOPES = ['read', 'read-write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;
/**
 * How long a new token works, in days: 30 unless its owner picks another life (at most a year) or none. A token
 * forgotten in an old script or a leaked workflow stops working by itself.
 */
export const ACCESS_TOKEN_DEFAULT_DAYS = 30;
export const ACCESS_TOKEN_MAX_DAYS = 365;

/** What the patient calls a passkey ('Phone', 'Laptop's fingerprint reader'), to tell them apart in Settings. */
export const PASSKEY_NAME_MAX_LENGTH = 100;
