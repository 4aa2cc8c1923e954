import type { FastifyPluginAsync } from 'fastify';
import { ActivityListQuery, ACTIVITY_LIST_MAX } from '../../shared/contracts/activities';
import { UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { requireCurrentUser } from '../http/current-user';
import { parseInput } from '../http/errors';
import { listActivities } from '../services/activity-log';

export const activitiesRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/activities/:userId', async (request) => {
    const { userId } = parseInput(UserIdParams, request.params);
    const { limit } = parseInput(ActivityListQuery, request.query);
    return listActivities(db, requireCurrentUser(userId), limit ?? ACTIVITY_LIST_MAX);
  });
};
