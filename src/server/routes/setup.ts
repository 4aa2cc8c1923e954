import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Setup } from '../../shared/contracts/setup';
import type { Database } from '../db/client';
import type { SignInSettings } from '../auth/sign-in-settings';
import { errorResponses } from '../http/contract';
import { requireFreshProof } from '../http/fresh-proof';
import { leaveDemo, readSetup, skipOnboarding } from '../services/setup';

export const setupRoutes: FastifyPluginAsyncZod<{ db: Database; signIn: SignInSettings }> = async (app, { db, signIn }) => {
  app.get(
    '/setup',
    { schema: { summary: 'Whether a patient exists yet (or the demo), and whether the app should open onboarding', response: { 200: Setup } } },
    async (request) => readSetup(db, request.patient),
  );

  app.post(
    '/setup/skip-onboarding',
    { schema: { summary: "Remember 'Skip for now': the app stops opening onboarding", response: { 204: z.null().meta({ description: 'Remembered' }) } } },
    async (_request, reply) => {
      await skipOnboarding(db);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/setup/leave-demo',
    {
      schema: {
        summary:
          'Start with my own data (fresh proof, never a token): remove every row of the demo patient in one transaction; the ways in stay; onboarding opens next',
        response: { 204: z.null().meta({ description: 'Removed' }), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      requireFreshProof(request, signIn);
      // The way in is not data (ADR 21): the passphrase, passkeys, codes, tokens, sessions and access log stay, and
      // this browser stays signed in, into onboarding.
      await leaveDemo(db, request.patient);
      return reply.status(204).send(null);
    },
  );
};
