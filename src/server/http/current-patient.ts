import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CURRENT_USER_ID } from '../../shared/rules/patient';
import { resolveAccessToken } from '../auth/access-tokens';
import { credentialExists } from '../auth/credentials';
import { announceUnexpectedReach } from '../auth/setup-announcement';
import { type OpenSession, resolveSession } from '../auth/sessions';
import type { SignInSettings } from '../auth/sign-in-settings';
import type { Database } from '../db/client';
import type { Patient } from '../core/patient';
import { forbidden, notFound, unauthorized } from '../core/errors';
import { reachOf } from './open-app';
import { WRITE_METHODS } from './paths';
import { clearSessionCookie, readSessionCookie } from './session-cookie';

/**
 * How the request got in (ADR 17):
 * - 'open': no credential exists yet, the app is reachable only from this machine and the request came straight from
 *   it (http/open-app.ts), so it works as before sign-in;
 * - 'session': a signed-in browser, by its cookie;
 * - 'token': a personal access token sent as `Authorization: Bearer …`.
 */
export type Access =
  | { readonly kind: 'open' }
  | ({ readonly kind: 'session'; readonly sessionId: string } & Readonly<OpenSession>)
  | { readonly kind: 'token'; readonly tokenId: number; readonly userId: number; readonly scope: 'read' | 'read-write' };

/** Why a request has no access: for GET /api/session and the 401's message. */
export type NoAccess = 'sign-in' | 'setup';

/**
 * Which requests a route takes (config.signIn):
 * - 'public': anyone, and who asks is not looked up (health, which must answer while the database does not; the
 *   API's documentation; the steps of a passkey sign-in);
 * - 'sign-in': anyone, with who asks looked up (the session's state, signing in and out, the setup code);
 * - 'browser': a session or the open app, never a token (Settings → Security: a script does not manage sign-in);
 * - by default: a session, a token, or the open app.
 */
export type RouteSignIn = 'public' | 'sign-in' | 'browser';

/** Whether a route answers without a session (for the OpenAPI document, too). */
export function isPublicRoute(signIn: RouteSignIn | undefined): boolean {
  return signIn === 'public' || signIn === 'sign-in';
}

declare module 'fastify' {
  interface FastifyRequest {
    patient: Patient;
    /** null: not signed in (see noAccess). */
    access: Access | null;
    noAccess: NoAccess | null;
  }
  interface FastifyContextConfig {
    /** The path parameter that names a user, where it is not `userId` (`/users/:id`). */
    userParam?: string;
    signIn?: RouteSignIn;
  }
}


export const NOT_SIGNED_IN = 'Sign in to continue';
export const SETUP_FIRST = 'This app is not protected yet: enter the setup code from the server’s log to continue';
export const TOKEN_NOT_VALID = 'The access token is not valid: it may have been revoked';
export const TOKEN_READ_ONLY = 'This access token may only read';
export const TOKEN_NOT_HERE = 'An access token cannot change how you sign in: use the app';

/**
 * The one place on the server that decides who the patient is: the session's patient, a token's owner, or, while
 * the app is open (no credential, loopback only), the spec's user 1. A request with neither, once sign-in is
 * required, is a 401 before anything about the patient is read. After validation, a path or body naming another user
 * gets the same 404 as a user that does not exist, before any handler runs.
 */
export function registerCurrentPatient(app: FastifyInstance, db: Database, settings: SignInSettings): void {
  app.decorateRequest('patient', null as unknown as Patient);
  app.decorateRequest('access', null);
  app.decorateRequest('noAccess', null);
  /** Whether this process has said in its log that a request came through a tunnel to the open app. */
  const unexpectedReach = { warned: false };

  async function accessOf(request: FastifyRequest, sessionId: string | null): Promise<Access | NoAccess> {
    const bearer = bearerToken(request);
    if (bearer !== null) {
      const holder = await resolveAccessToken(db, bearer);
      // A token that is wrong is refused even while the app is open: the script should hear it, not be let in.
      if (!holder) throw unauthorized(TOKEN_NOT_VALID);
      return { kind: 'token', ...holder };
    }
    if (sessionId !== null) {
      const who = await resolveSession(db, sessionId, settings.limits);
      if (who) return { kind: 'session', sessionId, ...who };
    }
    if (await credentialExists(db)) return 'sign-in';
    if (settings.beyondLoopback) return 'setup';
    // Open only to a request straight from this machine: through a tunnel it is beyond loopback (issue 29).
    const reach = reachOf(request);
    if (reach === 'this-machine') return { kind: 'open' };
    // A client that left is answered as one from beyond (nobody reads it), but is no sign of a tunnel: no warning.
    if (reach === 'beyond') await announceUnexpectedReach(db, request.log, unexpectedReach);
    return 'setup';
  }

  app.addHook('onRequest', async (request, reply) => {
    // Only the API reads the patient; the browser app's files and the API's documentation are the same for anyone.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const rule = request.routeOptions.config.signIn;
    if (rule === 'public') return;
    const sessionId = readSessionCookie(request);
    const access = await accessOf(request, sessionId);
    if (typeof access === 'string') {
      request.noAccess = access;
      // A cookie that opens nothing (ended, idle, from before a reset) is cleared, so the browser stops sending it.
      if (sessionId !== null) clearSessionCookie(reply);
    } else {
      request.access = access;
      request.patient = { id: patientOf(access) };
    }
    if (rule === 'sign-in') return;
    if (typeof access === 'string') throw unauthorized(access === 'setup' ? SETUP_FIRST : NOT_SIGNED_IN);
    if (access.kind === 'token') {
      if (rule === 'browser') throw forbidden(TOKEN_NOT_HERE);
      if (access.scope === 'read' && WRITE_METHODS.has(request.method)) throw forbidden(TOKEN_READ_ONLY);
    }
  });
  app.addHook('preHandler', async (request) => {
    if (request.access === null) return;
    const named = [field(request.params, request.routeOptions.config.userParam ?? 'userId'), field(request.body, 'userId')];
    if (named.some((userId) => userId !== undefined && userId !== request.patient.id)) throw notFound('User not found');
  });
}

function patientOf(access: Access): number {
  switch (access.kind) {
    case 'open':
      return CURRENT_USER_ID;
    case 'session':
      return access.patientId;
    case 'token':
      // A token acts for its owner's own record: an account holds one patient today.
      return access.userId;
  }
}

/** The token of `Authorization: Bearer …`, or null when the header is absent or of another scheme. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value ? (value as Record<string, unknown>)[name] : undefined;
}
