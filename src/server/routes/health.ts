import type { FastifyPluginAsync } from 'fastify';
import type { Health } from '../../shared/contracts/health';
import { pingDatabase, type DatabaseHandle } from '../db/client';

export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(database.db);
    } catch (error) {
      // A load balancer reads 503 as "send traffic elsewhere for now"; a 500 would claim a bug in the app.
      // The cause goes to the log only: it may name hosts or credentials.
      request.log.error({ err: error }, 'health check: the database did not answer');
      return reply.status(503).send({ message: 'The database is not answering' });
    }
    const health: Health = { status: 'ok', database: database.kind };
    return health;
  });
};
