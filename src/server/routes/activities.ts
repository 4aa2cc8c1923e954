import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityList, ActivityListQuery, ACTIVITY_LIST_MAX, ActivityPage } from '../../shared/contracts/activities';
import { PageQuery } from '../../shared/contracts/paging';
import { UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { sendList } from '../http/contract';
import { listActivities, pageActivities } from '../services/activity-log';

export const activitiesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/activities/:userId',
    {
      schema: {
        summary: "The patient's activity feed, newest first",
        params: UserIdParams,
        querystring: ActivityListQuery,
        response: { 200: ActivityList },
      },
    },
    async (request, reply) => sendList(reply, await listActivities(db, request.patient, request.query.limit ?? ACTIVITY_LIST_MAX)),
  );

  app.get(
    '/activities/:userId/page',
    {
      schema: {
        summary: "A page of the patient's activity feed, newest first, with an optional search",
        params: UserIdParams,
        querystring: PageQuery,
        response: { 200: ActivityPage },
      },
    },
    async (request) => pageActivities(db, request.patient, request.query),
  );
};
