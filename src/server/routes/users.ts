import type { FastifyPluginAsync } from 'fastify';
import { IdParams } from '../../shared/contracts/common';
import { UpdateUserBody } from '../../shared/contracts/users';
import type { Database } from '../db/client';
import { requireCurrentUser } from '../http/current-user';
import { parseInput } from '../http/errors';
import { getUser, updateUser } from '../services/users';

export const usersRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/users/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params);
    return getUser(db, requireCurrentUser(id));
  });

  app.patch('/users/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const changes = parseInput(UpdateUserBody, request.body);
    return updateUser(db, requireCurrentUser(id), changes);
  });
};
