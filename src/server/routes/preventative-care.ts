import type { FastifyPluginAsync } from 'fastify';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import { CreateCareItemBody, UpdateCareItemBody } from '../../shared/contracts/preventative-care';
import type { Database } from '../db/client';
import { currentUserId, requireCurrentUser } from '../http/current-user';
import { parseInput } from '../http/errors';
import { createCareItem, listCareItems, updateCareItem } from '../services/preventative-care';

export const preventativeCareRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/preventative-care/:userId', async (request) => {
    const { userId } = parseInput(UserIdParams, request.params);
    return listCareItems(db, requireCurrentUser(userId));
  });

  app.post('/preventative-care', async (request, reply) => {
    const { userId, ...item } = parseInput(CreateCareItemBody, request.body);
    return reply.status(201).send(await createCareItem(db, requireCurrentUser(userId), item));
  });

  app.patch('/preventative-care/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const changes = parseInput(UpdateCareItemBody, request.body);
    return updateCareItem(db, currentUserId(), id, changes);
  });
};
