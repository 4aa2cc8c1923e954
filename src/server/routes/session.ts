import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PassphraseSignIn, RecoveryCodeSignIn, SessionState, SetupWithCode } from '../../shared/contracts/sign-in';
import { recordAccessEvent } from '../auth/access-log';
import { endSession, type Who } from '../auth/sessions';
import { checkSignIn, passphraseOwner, recoveryCodeOwner, setUpWithCode } from '../auth/sign-in';
import type { SignInSettings } from '../auth/sign-in-settings';
import type { Database } from '../db/client';
import { errorResponses } from '../http/contract';
import { conflict } from '../core/errors';
import { refuseCommonPassphrase } from '../http/new-passphrase';
import { clearSessionCookie, readSessionCookie } from '../http/session-cookie';
import { clientOf, signInFrom, startSignedIn } from '../http/sign-in';
import { signInMethods } from '../auth/credentials';
import { notifyNewSignIn } from '../services/notifications/events';

// Signing in and out (ADR 17). Anyone may call these: they are how a browser gets a session.

const PUBLIC = { signIn: 'sign-in' } as const;
/**
 * Signing in and out only starts or ends a session (and counts the attempt): not worth a sync pass on PGlite (ADR 18),
 * which would take a passphrase sign-in past 300 ms. A power loss right after costs a sign-in.
 */
const SESSION_ONLY = { ...PUBLIC, syncToDisk: false } as const;
const signedIn = { 204: z.null().meta({ description: 'Signed in: the response sets the session cookie' }) };
const refusals = errorResponses(401, 429);

/** How much of a device's id a notification names: enough to tell devices apart, not the key of their row. */
const DEVICE_ID_SHOWN = 16;

/**
 * A sign-in succeeded (any way in): the session starts and the answer is 204 with its cookies. From a browser the
 * account had never seen, the patient hears of it in the app (issue 33), named in words ('Chrome on Linux'), never by
 * its address; a fault there is logged and the sign-in stands.
 */
export async function answerSignedIn(db: Database, signIn: SignInSettings, request: FastifyRequest, reply: FastifyReply, who: Who): Promise<FastifyReply> {
  const device = await startSignedIn(db, signIn, request, reply, who);
  if (device.newBrowser) {
    const newSignIn = { deviceId: device.deviceId.slice(0, DEVICE_ID_SHOWN), userAgent: request.headers['user-agent'] ?? null, at: new Date() };
    await notifyNewSignIn(db, { id: who.patientId }, newSignIn).catch((error: unknown) =>
      request.log.error({ err: error }, 'the new sign-in’s notification could not be written'),
    );
  }
  return reply.status(204).send(null);
}

export const sessionRoutes: FastifyPluginAsyncZod<{ db: Database; signIn: SignInSettings }> = async (app, { db, signIn }) => {
  app.get(
    '/session',
    { config: PUBLIC, schema: { summary: 'Whether this browser is signed in, must sign in, or must set up first; which ways in exist', response: { 200: SessionState } } },
    async (request): Promise<SessionState> => {
      const { access } = request;
      return {
        access: access === null ? request.noAccess! : access.kind === 'open' ? 'open' : 'signed-in',
        patientId: access === null ? null : request.patient.id,
        methods: await signInMethods(db),
        credentialsChangedAt: access?.kind === 'session' ? access.credentialsChangedAt : null,
      };
    },
  );

  app.post(
    '/session/passphrase',
    { config: SESSION_ONLY, schema: { summary: 'Sign in with the passphrase', body: PassphraseSignIn, response: { ...signedIn, ...refusals } } },
    async (request, reply) => {
      const who = await checkSignIn(db, signInFrom(request), () => passphraseOwner(db, request.body.passphrase));
      return answerSignedIn(db, signIn, request, reply, who);
    },
  );

  app.post(
    '/session/recovery-code',
    {
      config: SESSION_ONLY,
      schema: { summary: 'Sign in with one of the ten recovery codes; each works once', body: RecoveryCodeSignIn, response: { ...signedIn, ...refusals } },
    },
    async (request, reply) => {
      const who = await checkSignIn(db, signInFrom(request), () => recoveryCodeOwner(db, request.body.code, clientOf(request)));
      return answerSignedIn(db, signIn, request, reply, who);
    },
  );

  app.post(
    '/session/setup',
    {
      config: PUBLIC,
      schema: {
        summary: 'A fresh install reachable beyond this machine: the setup code from the server’s log and the first passphrase',
        body: SetupWithCode,
        response: { ...signedIn, ...refusals, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      if (request.noAccess !== 'setup') throw conflict('This app needs no setup code: it is protected already, or reachable only from this machine');
      // Before the code is spent: a refused passphrase leaves the code to try again with a better one.
      await refuseCommonPassphrase(request.body.passphrase);
      const { setupCode, passphrase } = request.body;
      const who = await checkSignIn(db, signInFrom(request), () => setUpWithCode(db, setupCode, passphrase, clientOf(request)));
      return answerSignedIn(db, signIn, request, reply, who);
    },
  );

  app.delete(
    '/session',
    { config: SESSION_ONLY, schema: { summary: 'Sign out: this browser’s session ends', response: { 204: z.null().meta({ description: 'Signed out' }) } } },
    async (request, reply) => {
      const sessionId = readSessionCookie(request);
      if (sessionId !== null) await endSession(db, sessionId);
      if (request.access?.kind === 'session') await recordAccessEvent(db, request.access.userId, 'signed_out', clientOf(request));
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );
};
