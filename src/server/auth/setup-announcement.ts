import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { credentialExists } from './credentials';
import { issueSetupCode, SETUP_CODE_MINUTES } from './setup-codes';
import type { SignInSettings } from './sign-in-settings';

/**
 * At start (and when leaving a protected demo), while the app is reachable beyond loopback and no credential exists:
 * a new one-time setup code, printed in the log for whoever runs the server, as Jupyter and Home Assistant do. The
 * first visitor types it to set the first passphrase (ADR 17). Nothing is printed once a credential exists.
 */
export async function announceSetupCode(db: Database, settings: SignInSettings, log: FastifyBaseLogger): Promise<void> {
  if (!settings.beyondLoopback || (await credentialExists(db))) return;
  const code = await issueSetupCode(db);
  log.warn(`This app is reachable beyond this machine and not protected yet. Setup code: ${code} (works once, for ${SETUP_CODE_MINUTES} minutes; a restart prints a new one)`);
}
