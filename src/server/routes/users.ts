import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/contract';
import { IdParams } from '../../shared/contracts/common';
import { UpdateUserBody, User } from '../../shared/contracts/users';
import type { Database } from '../db/client';
import { getUser, updateUser } from '../services/users';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/users/:id',
    { config: { userParam: 'id' }, schema: { summary: 'The patient', params: IdParams, response: { 200: User } } },
    async (request) => getUser(db, request.patient),
  );

  app.patch(
    '/users/:id',
    {
      config: { userParam: 'id' },
      schema: {
        summary: "Save the patient's profile",
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: User, ...errorResponses(409) },
      },
    },
    async (request) => updateUser(db, request.patient, request.body),
  );
};
