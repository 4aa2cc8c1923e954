import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import { CareItem, CareItemList, CreateCareItemBody, UpdateCareItemBody } from '../../shared/contracts/preventative-care';
import type { Database } from '../db/client';
import { sendList } from '../http/contract';
import { createCareItem, listCareItems, updateCareItem } from '../services/preventative-care';

export const preventativeCareRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/preventative-care/:userId',
    { schema: { summary: "The patient's preventative care items by due date; an upcoming item past its due date reads overdue", params: UserIdParams, response: { 200: CareItemList } } },
    async (request, reply) => sendList(reply, await listCareItems(db, request.patient)),
  );

  app.post(
    '/preventative-care',
    { schema: { summary: 'Add a preventative care item (a past due date is accepted; the category defaults from the name)', body: CreateCareItemBody, response: { 201: CareItem } } },
    async (request, reply) => {
      const { userId: _userId, ...item } = request.body;
      return reply.status(201).send(await createCareItem(db, request.patient, item));
    },
  );

  app.patch(
    '/preventative-care/:id',
    {
      schema: {
        summary: 'Change a care item; completing one sets lastCompleted to today unless given, and recurring care comes back as a new item',
        params: IdParams,
        body: UpdateCareItemBody,
        response: { 200: CareItem },
      },
    },
    async (request) => updateCareItem(db, request.patient, request.params.id, request.body),
  );
};
