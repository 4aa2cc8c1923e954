import { existsSync } from 'node:fs';
import { resetAccess } from './auth/reset-access';
import { exitIfDataDirInUse } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { loadEnv } from './env';

// As in main.ts, before anything writes: what this process creates is its owner's only (ADR 12).
process.umask(0o077);

/**
 * `npm run reset-access`: removes every way in (ADR 17) so that the owner can set new ones, with nothing but access
 * to the data: the data folder (PGlite) or DATABASE_URL. Anyone with that access could read the data anyway.
 */
const env = loadEnv();
if (!env.DATABASE_URL && !existsSync(env.DATA_DIR)) {
  // A mistyped DATA_DIR would otherwise become a new, empty database, and the reset would seem to have worked.
  console.error(`There is no data folder at ${env.DATA_DIR}: set DATA_DIR to the folder HealthAssist keeps its data in.`);
  process.exit(1);
}
// With PGlite, refused while the server has the data folder open: stop it first.
const database = await openConfiguredDatabase(env).catch(exitIfDataDirInUse);
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
