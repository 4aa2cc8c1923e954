import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../shared/contracts/common';
import {
  AccessLog,
  AccessTokenList,
  CreatedAccessToken,
  EndedSessions,
  NewAccessTokenInput,
  RecoveryCodes,
  SecurityOverview,
  SessionList,
  SetPassphrase,
} from '../../shared/contracts/sign-in';
import { ensureAccount, passphraseHashOf, storePassphraseHash } from '../auth/account';
import { listAccessEvents, recordAccessEvent } from '../auth/access-log';
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../auth/access-tokens';
import { madeWhileOpen, settleMadeWhileOpen } from '../auth/made-while-open';
import { listPasskeys } from '../auth/passkeys';
import { hashPassphrase } from '../auth/passphrase';
import { replaceRecoveryCodes, unusedRecoveryCodes } from '../auth/recovery-codes';
import { endOtherSessions, listSessions } from '../auth/sessions';
import type { SignInSettings } from '../auth/sign-in-settings';
import type { Database } from '../db/client';
import { errorResponses } from '../http/contract';
import { notFound } from '../core/errors';
import { requireFreshProof } from '../http/fresh-proof';
import { refuseCommonPassphrase } from '../http/new-passphrase';
import { accountOf, clientOf, recordCredentialChange, renewOwnSession, signInIfOpen } from '../http/sign-in';

// Settings → Security (ADR 17): the ways in, the sessions, the access log and the tokens of the signed-in account.
// A browser's only (config.signIn 'browser'): a token cannot manage sign-in. While the app is open (no credential
// yet, loopback only), these are how the first credential is made. A change of a way in needs fresh proof (ADR 21).

const BROWSER = { signIn: 'browser' } as const;

/** The session to keep when others end: the asking browser's. */
function ownSession(request: FastifyRequest): string | null {
  return request.access?.kind === 'session' ? request.access.sessionId : null;
}

export const securityRoutes: FastifyPluginAsyncZod<{ db: Database; signIn: SignInSettings }> = async (app, { db, signIn }) => {
  app.get(
    '/security',
    { config: BROWSER, schema: { summary: 'The ways in: whether a passphrase is set, recovery codes left, passkeys', response: { 200: SecurityOverview } } },
    async (request) => {
      const userId = accountOf(request);
      const keys = await listPasskeys(db, userId);
      return {
        madeWhileOpen: await madeWhileOpen(db, userId),
        passphraseSet: (await passphraseHashOf(db, userId)) !== null, recoveryCodesLeft: await unusedRecoveryCodes(db, userId), passkeys: keys };
    },
  );

  app.put(
    '/security/passphrase',
    {
      config: BROWSER,
      schema: {
        summary:
          'Set or change the passphrase (fresh proof): every other session ends and this one gets a new id; while the app is open, this browser is signed in',
        body: SetPassphrase,
        response: { 204: z.null().meta({ description: 'Set' }) },
      },
    },
    async (request, reply) => {
      await refuseCommonPassphrase(request.body.passphrase);
      requireFreshProof(request, signIn);
      const userId = accountOf(request);
      const passwordHash = await hashPassphrase(request.body.passphrase);
      await ensureAccount(db, userId);
      await storePassphraseHash(db, userId, passwordHash);
      await endOtherSessions(db, userId, ownSession(request));
      await recordCredentialChange(db, request, userId, 'passphrase_set');
      if (request.access?.kind === 'open') await settleMadeWhileOpen(db, userId, request.body.keepMadeWhileOpen === true);
      await renewOwnSession(db, request, reply);
      await signInIfOpen(db, signIn, request, reply, userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/security/recovery-codes',
    {
      config: BROWSER,
      schema: { summary: 'Ten new one-time recovery codes, shown once (fresh proof): the old ones stop working', response: { 201: RecoveryCodes } },
    },
    async (request, reply) => {
      requireFreshProof(request, signIn);
      const userId = accountOf(request);
      await ensureAccount(db, userId);
      const codes = await replaceRecoveryCodes(db, userId, { madeWhileOpen: request.access?.kind === 'open' });
      await recordCredentialChange(db, request, userId, 'recovery_codes_made');
      return reply.status(201).send({ codes });
    },
  );

  app.get(
    '/security/sessions',
    { config: BROWSER, schema: { summary: 'The open sessions of this account, the most recently seen first', response: { 200: SessionList } } },
    async (request) => {
      const sessions = await listSessions(db, accountOf(request), ownSession(request), signIn.limits);
      return sessions;
    },
  );

  app.post(
    '/security/sessions/end-others',
    { config: BROWSER, schema: { summary: 'End every session but this one', response: { 200: EndedSessions } } },
    async (request) => {
      const userId = accountOf(request);
      const ended = await endOtherSessions(db, userId, ownSession(request));
      await recordAccessEvent(db, userId, 'sessions_ended', clientOf(request));
      return { ended };
    },
  );

  app.get(
    '/security/access-log',
    { config: BROWSER, schema: { summary: 'The latest 50 sign-ins, failures, credentials made or removed and sessions ended', response: { 200: AccessLog } } },
    async (request) => listAccessEvents(db, accountOf(request)),
  );

  app.get(
    '/security/tokens',
    { config: BROWSER, schema: { summary: 'Personal access tokens, newest first, revoked ones included', response: { 200: AccessTokenList } } },
    async (request) => listAccessTokens(db, accountOf(request)),
  );

  app.post(
    '/security/tokens',
    {
      config: BROWSER,
      schema: { summary: 'A new personal access token, shown once (fresh proof)', body: NewAccessTokenInput, response: { 201: CreatedAccessToken } },
    },
    async (request, reply) => {
      requireFreshProof(request, signIn);
      const userId = accountOf(request);
      await ensureAccount(db, userId);
      const madeWhileOpen = request.access?.kind === 'open';
      const created = await createAccessToken(db, userId, request.body.name, request.body.scope, new Date(), request.body.expiresInDays, madeWhileOpen);
      await recordCredentialChange(db, request, userId, 'token_made');
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/security/tokens/:id',
    {
      config: BROWSER,
      schema: { summary: 'Revoke a personal access token', params: IdParams, response: { 204: z.null().meta({ description: 'Revoked' }), ...errorResponses(404) } },
    },
    async (request, reply) => {
      const userId = accountOf(request);
      if (!(await revokeAccessToken(db, userId, request.params.id))) throw notFound('Access token not found');
      await recordAccessEvent(db, userId, 'token_revoked', clientOf(request));
      return reply.status(204).send(null);
    },
  );
};

