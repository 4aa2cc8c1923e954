import type { FastifyRequest } from 'fastify';
import { FRESH_PROOF_NEEDED } from '../../shared/rules/sign-in';
import type { SignInSettings } from '../auth/sign-in-settings';
import { forbidden } from '../core/errors';

// Fresh proof (ADR 21, ASVS 5.0 6.2.3 and 7.5.1): a browser left signed in must not let whoever sits at it, or a
// script injected into its page, change how the record is opened or wipe it. Such a change needs a session whose
// holder proved who they are recently: a sign-in (a passphrase, a passkey or a recovery code) within
// SIGN_IN_FRESH_MINUTES. The browser asks again in a dialog and sends the change once more.

export const TOKEN_NEVER_FRESH = 'An access token cannot change how you sign in or remove the record: use the app';

/** Whether a proof given at `provedAt` is recent enough at `now`. */
export function isFresh(provedAt: Date, freshMinutes: number, now: Date): boolean {
  return now.getTime() - provedAt.getTime() <= freshMinutes * 60_000;
}

/**
 * Lets the request through only with fresh proof: a session proved within the window, or the open app (no credential
 * yet and loopback only: there is nothing to prove, and its first credential is how protection begins). A token is
 * never fresh: 403. A session past the window: 403 with FRESH_PROOF_NEEDED.
 */
export function requireFreshProof(request: FastifyRequest, settings: SignInSettings, now = new Date()): void {
  const { access } = request;
  if (access?.kind === 'open') return;
  if (access?.kind === 'token') throw forbidden(TOKEN_NEVER_FRESH);
  if (access?.kind === 'session' && isFresh(access.provedAt, settings.freshMinutes, now)) return;
  throw forbidden(FRESH_PROOF_NEEDED);
}
