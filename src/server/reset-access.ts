import { resetAccess } from './auth/reset-access';
import { openExistingDatabase } from './db/open';
import { loadEnv } from './env';

// As in main.ts, before anything writes: what this process creates is its owner's only (ADR 12).
process.umask(0o077);

/**
 * `npm run reset-access`: removes every way in (ADR 17) so that the owner can set new ones, with nothing but access
 * to the data: the data folder (PGlite) or DATABASE_URL. Anyone with that access could read the data anyway.
 */
const env = loadEnv();
const database = await openExistingDatabase(env);
try {
  const reset = await resetAccess(database.db);
  const count = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`;
  console.log(
    `Reset access to the ${database.kind} database at ${database.location}: ` +
      `${count(reset.passphrases, 'passphrase')} removed, ${count(reset.sessions, 'session')} ended, ${count(reset.passkeys, 'passkey')} removed, ` +
      `${count(reset.recoveryCodes, 'unused recovery code')} and ${count(reset.tokens, 'access token')} made unusable. ` +
      'The record itself is untouched. Start HealthAssist and open it on this computer to set a new passphrase.',
  );
} finally {
  await database.close();
}
