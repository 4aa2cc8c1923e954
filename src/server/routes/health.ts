import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health } from '../../shared/contracts/health';
import { pingDatabase, type DatabaseHandle } from '../db/client';
import { errorResponses } from '../http/contract';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    { config: { signIn: 'public' }, schema: { summary: 'Whether the server and its database answer', response: { 200: Health, ...errorResponses(503) } } },
    async (request, reply) => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        // A load balancer reads 503 as "send traffic elsewhere for now"; a 500 would claim a bug in the app.
        // The cause goes to the log only: it may name hosts or credentials.
        request.log.error({ err: error }, 'health check: the database did not answer');
        return reply.status(503).send({ message: 'The database is not answering' });
      }
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
