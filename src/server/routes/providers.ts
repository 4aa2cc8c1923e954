import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateProviderBody, Provider, ProviderList, UpdateProviderBody } from '../../shared/contracts/appointments';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { errorResponses, sendList } from '../http/contract';
import { createProvider, deleteProvider, listProviders, updateProvider } from '../services/providers';

export const providersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/providers/:userId',
    { schema: { summary: "The patient's healthcare providers by name", params: UserIdParams, response: { 200: ProviderList } } },
    async (request, reply) => sendList(reply, await listProviders(db, request.patient)),
  );

  app.post(
    '/providers',
    { schema: { summary: 'Add a healthcare provider (the Add New Provider dialog)', body: CreateProviderBody, response: { 201: Provider } } },
    async (request, reply) => {
      const { userId: _userId, ...fields } = request.body;
      return reply.status(201).send(await createProvider(db, request.patient, fields));
    },
  );

  app.patch(
    '/providers/:id',
    {
      schema: {
        summary: 'Change a provider (any of its fields)',
        params: IdParams,
        body: UpdateProviderBody,
        response: { 200: Provider },
      },
    },
    async (request) => updateProvider(db, request.patient, request.params.id, request.body),
  );

  app.delete(
    '/providers/:id',
    {
      schema: {
        summary: 'Remove a provider that no appointment names (appointments of any status keep their provider)',
        params: IdParams,
        response: { 204: z.null().meta({ description: 'Removed' }), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await deleteProvider(db, request.patient, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
