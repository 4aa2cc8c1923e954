import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAccessEvent } from '../auth/access-log';
import { clientFacts, type ClientFacts } from '../auth/client-facts';
import { endSession, renewSessionId, startSession, type Who } from '../auth/sessions';
import type { SignInFrom } from '../auth/sign-in';
import { markCredentialsChanged, rememberDevice, type RememberedDevice } from '../auth/sign-in-devices';
import type { AccessEventKind } from '../../shared/rules/sign-in';
import type { SignInSettings } from '../auth/sign-in-settings';
import type { Database } from '../db/client';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { readSessionCookie, setSessionCookie } from './session-cookie';

// The HTTP side of signing in (ADR 17): what a request says about where it comes from, and a new session id in a new
// cookie. The policy (the limit on guessing, one message for every failure, the access log) is auth/sign-in.ts's.

/** The device a request came from, as sessions and the access log keep it. */
export function clientOf(request: FastifyRequest): ClientFacts {
  return clientFacts(request.headers['user-agent'], request.ip);
}

/** Where a sign-in attempt comes from, as auth/sign-in.ts counts and logs it. */
export function signInFrom(request: FastifyRequest): SignInFrom {
  return { address: request.ip, deviceCookie: readDeviceCookie(request), client: clientOf(request) };
}

/** 'Keep me signed in on this device', where a sign-in's body says it; undefined where it does not. */
function keepSignedInOf(request: FastifyRequest): boolean | undefined {
  const body = request.body as { keepSignedIn?: unknown } | null | undefined;
  return typeof body?.keepSignedIn === 'boolean' ? body.keepSignedIn : undefined;
}

/**
 * Starts a session for `who` with a new id and sets its cookie: at every sign-in, and when the open app (no credential
 * yet) creates its first credential, so that the browser that made it stays in. A session this browser held before
 * ends (a sign-in to give fresh proof replaces it), and its 'keep me signed in' carries over unless the body says
 * otherwise; a first sign-in without the choice ends with the browser.
 */
export async function completeSignIn(db: Database, settings: SignInSettings, request: FastifyRequest, reply: FastifyReply, who: Who): Promise<RememberedDevice> {
  const previousId = readSessionCookie(request);
  const previous = previousId === null ? null : await endSession(db, previousId);
  const persistent = keepSignedInOf(request) ?? previous?.persistent ?? false;
  // This browser is one of the owner's devices from now on (its guesses are counted apart), and hears once of a way
  // in changed from elsewhere while it was away.
  const device = await rememberDevice(db, who.userId, readDeviceCookie(request));
  const session = await startSession(db, who, clientOf(request), settings.limits, new Date(), {
    persistent,
    credentialsChangedAt: device.credentialsChangedAt,
  });
  setSessionCookie(request, reply, session);
  // Given at every sign-in, so that a device in use keeps it: its year counts from the latest.
  setDeviceCookie(request, reply, device.cookie);
  return device;
}

/**
 * After the passphrase changed in this session: the same session under a new id, its cookie set anew (ADR 21), so an
 * id that leaked before the change opens nothing after it.
 */
export async function renewOwnSession(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.access?.kind !== 'session') return;
  const renewed = await renewSessionId(db, request.access.sessionId);
  if (renewed) setSessionCookie(request, reply, renewed);
}

/**
 * A way in of the account changed from this browser: written to the access log, and every other device of the
 * account is told at its next sign-in (ADR 21).
 */
export async function recordCredentialChange(db: Database, request: FastifyRequest, userId: number, kind: CredentialChange): Promise<void> {
  await recordAccessEvent(db, userId, kind, clientOf(request));
  await markCredentialsChanged(db, userId, readDeviceCookie(request));
}

/** The access log's kinds that change a way in. */
export type CredentialChange = Extract<AccessEventKind, 'passphrase_set' | 'recovery_codes_made' | 'token_made' | 'passkey_added' | 'passkey_removed'>;

/** The account the request acts as: the session's, or, while the app is open, the patient's own. */
export function accountOf(request: FastifyRequest): number {
  return request.access?.kind === 'session' ? request.access.userId : request.patient.id;
}

/**
 * After a credential is made: on an open app it is the first one, so sign-in is required from now on, and the browser
 * that made it is signed in rather than locked out.
 */
export async function signInIfOpen(db: Database, settings: SignInSettings, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  if (request.access?.kind === 'open') await completeSignIn(db, settings, request, reply, { userId, patientId: userId });
}

/**
 * After auth/sign-in.ts's check named the account: the session starts, its cookies are set, and the sign-in is logged.
 * Answers the browser as the account remembers it (the route tells the owner of a new one, issue 33).
 */
export async function startSignedIn(db: Database, settings: SignInSettings, request: FastifyRequest, reply: FastifyReply, who: Who): Promise<RememberedDevice> {
  const device = await completeSignIn(db, settings, request, reply, who);
  await recordAccessEvent(db, who.userId, 'signed_in', clientOf(request));
  return device;
}
