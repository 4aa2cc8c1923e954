import type { FastifyPluginAsync } from 'fastify';
import type { Health } from '../../shared/contracts/health';
import { pingDatabase, type DatabaseHandle } from '../db/client';

export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get('/health', async (): Promise<Health> => {
    await pingDatabase(database.db);
    return { status: 'ok', database: database.kind };
  });
};
