import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { credentialExists } from './credentials';
import { issueSetupCode, SETUP_CODE_MINUTES, setupCodePending } from './setup-codes';
import type { SignInSettings } from './sign-in-settings';

/**
 * At start (and when leaving a protected demo), while the app is reachable beyond loopback and no credential exists:
 * a new one-time setup code, printed in the log for whoever runs the server, as Jupyter and Home Assistant do. The
 * first visitor types it to set the first passphrase (ADR 17). Nothing is printed once a credential exists.
 */
export async function announceSetupCode(db: Database, settings: SignInSettings, log: FastifyBaseLogger): Promise<void> {
  if (!settings.beyondLoopback || (await credentialExists(db))) return;
  await printSetupCode(db, log);
}

async function printSetupCode(db: Database, log: FastifyBaseLogger): Promise<void> {
  const code = await issueSetupCode(db);
  log.warn(`This app is reachable beyond this machine and not protected yet. Setup code: ${code} (works once, for ${SETUP_CODE_MINUTES} minutes; a restart prints a new one)`);
}

/**
 * A request came through a proxy or tunnel (or from another machine) to an install set up for this machine only, with
 * no way in yet (issue 29, finding 4): it is refused the open app. The first time in this process the log says why and
 * what to set; and a setup code is printed whenever none is pending, so that the owner can go on through the tunnel.
 */
export async function announceUnexpectedReach(db: Database, log: FastifyBaseLogger, state: { warned: boolean }): Promise<void> {
  if (!state.warned) {
    state.warned = true;
    log.warn(
      'A request reached this app through a proxy or tunnel, or from another machine, while it has no passphrase or passkey: ' +
        'it is not opened without the setup code. If the app is meant to be reached so, set ALLOWED_HOSTS to its public name ' +
        'and TRUST_PROXY to the proxy, and protect it with the setup code printed below',
    );
  }
  if (!(await setupCodePending(db))) await printSetupCode(db, log);
}
