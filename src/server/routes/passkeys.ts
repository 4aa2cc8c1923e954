import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../shared/contracts/common';
import { PasskeyOptions, PasskeyRegistration, PasskeySignIn, PasskeySummary, RenamePasskey } from '../../shared/contracts/sign-in';
import { ensureAccount } from '../auth/account';
import { clientKey } from '../auth/client-key';
import { settleMadeWhileOpen } from '../auth/made-while-open';
import {
  authenticationOptions,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
} from '../auth/passkeys';
import type { SignInSettings } from '../auth/sign-in-settings';
import type { Database } from '../db/client';
import { errorResponses } from '../http/contract';
import { badRequest, conflict, notFound } from '../core/errors';
import { requireFreshProof } from '../http/fresh-proof';
import { accountOf, recordCredentialChange, signInFrom, signInIfOpen } from '../http/sign-in';
import { answerSignedIn } from './session';
import { checkSignIn } from '../auth/sign-in';

// Passkeys (ADR 17): signing in with one (anyone may try, under the same limit on guessing as a passphrase), and
// adding, renaming and removing them in Settings → Security (a browser's only, like the rest of that screen; adding
// and removing need fresh proof, ADR 21). While
// the app is open (no credential yet, loopback only), adding the first passkey protects the record and signs this
// browser in.

const PUBLIC = { signIn: 'public' } as const;
/** Signing in only starts a session: no sync pass on PGlite (routes/session.ts says why). */
const SESSION_ONLY = { ...PUBLIC, syncToDisk: false } as const;
const BROWSER = { signIn: 'browser' } as const;

export const NO_BROWSER_ORIGIN = 'Passkeys work only from the app in a web browser';
export const PASSKEY_NOT_ADDED = 'The passkey could not be added: try again';
export const PASSKEY_ALREADY_ADDED = 'This passkey is added already';
export const LAST_WAY_IN = 'This is your only way to sign in: set a passphrase or add another passkey before you remove it';

/**
 * The page the ceremony runs on, from its Origin: the request-origin guard has already refused one this server does
 * not answer to. A request without one (curl, a script) is no browser, and a passkey needs one.
 */
function relyingParty(request: FastifyRequest): RelyingParty {
  const rp = relyingPartyOf(request.headers.origin);
  if (!rp) throw badRequest(NO_BROWSER_ORIGIN);
  return rp;
}

/** The library's options as the contract's loose JSON object: they go to the browser as they are. */
function asJson(options: { challenge: string }): z.infer<typeof PasskeyOptions> {
  return { ...options };
}

export const passkeyRoutes: FastifyPluginAsyncZod<{ db: Database; signIn: SignInSettings }> = async (app, { db, signIn }) => {
  app.post(
    '/session/passkey/options',
    {
      config: SESSION_ONLY,
      schema: {
        summary: 'Begin signing in with a passkey: the options for navigator.credentials.get(), with a challenge good for five minutes',
        response: { 200: PasskeyOptions, ...errorResponses(400, 429) },
      },
    },
    async (request) => asJson(await authenticationOptions(db, relyingParty(request), new Date(), clientKey(request.ip))),
  );

  app.post(
    '/session/passkey',
    {
      config: SESSION_ONLY,
      schema: {
        summary: 'Sign in with a passkey: the browser’s answer to the options',
        body: PasskeySignIn,
        response: { 204: z.null().meta({ description: 'Signed in: the response sets the session cookie' }), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const who = await checkSignIn(db, signInFrom(request), async () => {
        const rp = relyingPartyOf(request.headers.origin);
        return rp ? verifyAuthentication(db, rp, request.body.response as never) : null;
      });
      return answerSignedIn(db, signIn, request, reply, who);
    },
  );

  app.post(
    '/security/passkeys/options',
    {
      config: BROWSER,
      schema: {
        summary: 'Begin adding a passkey (fresh proof): the options for navigator.credentials.create(), with a challenge good for five minutes',
        response: { 200: PasskeyOptions, ...errorResponses(400) },
      },
    },
    async (request) => {
      requireFreshProof(request, signIn);
      const rp = relyingParty(request);
      const userId = accountOf(request);
      await ensureAccount(db, userId);
      return asJson(await registrationOptions(db, userId, rp));
    },
  );

  app.post(
    '/security/passkeys',
    {
      config: BROWSER,
      schema: {
        summary: 'Add a passkey: the browser’s answer to the options, and the name to show it by; while the app is open, this browser is signed in',
        body: PasskeyRegistration,
        response: { 201: PasskeySummary, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      requireFreshProof(request, signIn);
      const rp = relyingParty(request);
      const userId = accountOf(request);
      // The account exists: the options, whose challenge this answer must carry, made it.
      const result = await verifyRegistration(db, userId, rp, request.body.name, request.body.response as never);
      if (!result.ok) throw result.reason === 'already-added' ? conflict(PASSKEY_ALREADY_ADDED) : badRequest(PASSKEY_NOT_ADDED);
      await recordCredentialChange(db, request, userId, 'passkey_added');
      if (request.access?.kind === 'open') await settleMadeWhileOpen(db, userId, request.body.keepMadeWhileOpen === true);
      await signInIfOpen(db, signIn, request, reply, userId);
      return reply.status(201).send(result.passkey);
    },
  );

  app.patch(
    '/security/passkeys/:id',
    {
      config: BROWSER,
      schema: { summary: 'Rename a passkey', params: IdParams, body: RenamePasskey, response: { 200: PasskeySummary, ...errorResponses(404) } },
    },
    async (request) => {
      const row = await renamePasskey(db, accountOf(request), request.params.id, request.body.name);
      if (!row) throw notFound('Passkey not found');
      return row;
    },
  );

  app.delete(
    '/security/passkeys/:id',
    {
      config: BROWSER,
      schema: {
        summary: 'Remove a passkey (fresh proof); never the last way in (no passphrase and no other passkey)',
        params: IdParams,
        response: { 204: z.null().meta({ description: 'Removed' }), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      requireFreshProof(request, signIn);
      const userId = accountOf(request);
      const result = await removePasskey(db, userId, request.params.id);
      if (result === 'not-found') throw notFound('Passkey not found');
      if (result === 'last-way-in') throw conflict(LAST_WAY_IN);
      await recordCredentialChange(db, request, userId, 'passkey_removed');
      return reply.status(204).send(null);
    },
  );
};
