import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OnboardingBody } from '../../shared/contracts/onboarding';
import { User } from '../../shared/contracts/users';
import type { Database } from '../db/client';
import { errorResponses } from '../http/contract';
import { completeOnboarding } from '../services/onboarding';

export const onboardingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/onboarding',
    {
      schema: {
        summary: "Complete onboarding: the wizard's answers, and the primary insurance plan when one is given, in one transaction",
        body: OnboardingBody,
        response: { 200: User, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { userId: _userId, ...answers } = request.body;
      return completeOnboarding(db, request.patient, answers);
    },
  );
};
