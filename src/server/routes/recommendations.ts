import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParams } from '../../shared/contracts/common';
import { Recommendations } from '../../shared/contracts/recommendations';
import type { Database } from '../db/client';
import { listRecommendations } from '../services/recommendations';

export const recommendationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/preventative-care/recommendations/:userId',
    {
      schema: {
        summary: "Recommended Care: the guidelines for the patient's age and sex at birth, with their status",
        params: UserIdParams,
        response: { 200: Recommendations },
      },
    },
    async (request) => listRecommendations(db, request.patient),
  );
};
