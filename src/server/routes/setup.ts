import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Setup } from '../../shared/contracts/setup';
import type { Database } from '../db/client';
import { announceSetupCode } from '../auth/setup-announcement';
import type { SignInSettings } from '../auth/sign-in-settings';
import { errorResponses } from '../http/contract';
import { clearSessionCookie } from '../http/session-cookie';
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
        summary: "Start with my own data: remove every row of the demo patient in one transaction; onboarding opens next",
        response: { 204: z.null().meta({ description: 'Removed' }), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      await leaveDemo(db, request.patient);
      // The demo's passphrase, passkeys and sessions went with it (ADR 17): this browser's cookie opens nothing now,
      // and a server reachable beyond this machine needs a new setup code, which goes to its log.
      if (request.access?.kind === 'session') clearSessionCookie(reply);
      await announceSetupCode(db, signIn, request.log);
      return reply.status(204).send(null);
    },
  );
};
