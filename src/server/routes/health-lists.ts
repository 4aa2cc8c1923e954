import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Allergy, AllergyList, CreateAllergyBody, UpdateAllergyBody } from '../../shared/contracts/allergies';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import { Condition, ConditionList, CreateConditionBody, UpdateConditionBody } from '../../shared/contracts/conditions';
import { CreateImmunizationBody, Immunization, ImmunizationList, UpdateImmunizationBody } from '../../shared/contracts/immunizations';
import type { Database } from '../db/client';
import { sendList } from '../http/contract';
import {
  createAllergy,
  createCondition,
  createImmunization,
  deleteAllergy,
  deleteCondition,
  deleteImmunization,
  listAllergies,
  listConditions,
  listImmunizations,
  updateAllergy,
  updateCondition,
  updateImmunization,
} from '../services/health-lists';

const removed = { 204: z.null().meta({ description: 'Removed' }) };

/** The problem list, allergies and immunizations (issue 34): each read, added, changed and removed alike. */
export const healthListsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/conditions/:userId',
    { schema: { summary: "The patient's conditions, current and past, oldest first", params: UserIdParams, response: { 200: ConditionList } } },
    async (request, reply) => sendList(reply, await listConditions(db, request.patient)),
  );
  app.post('/conditions', { schema: { summary: 'Add a condition', body: CreateConditionBody, response: { 201: Condition } } }, async (request, reply) => {
    const { userId: _userId, ...fields } = request.body;
    return reply.status(201).send(await createCondition(db, request.patient, fields));
  });
  app.patch(
    '/conditions/:id',
    { schema: { summary: 'Change a condition (any of its fields)', params: IdParams, body: UpdateConditionBody, response: { 200: Condition } } },
    async (request) => updateCondition(db, request.patient, request.params.id, request.body),
  );
  app.delete('/conditions/:id', { schema: { summary: 'Remove a condition', params: IdParams, response: removed } }, async (request, reply) => {
    await deleteCondition(db, request.patient, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/allergies/:userId',
    { schema: { summary: "The patient's allergies and intolerances, oldest first", params: UserIdParams, response: { 200: AllergyList } } },
    async (request, reply) => sendList(reply, await listAllergies(db, request.patient)),
  );
  app.post('/allergies', { schema: { summary: 'Add an allergy or intolerance', body: CreateAllergyBody, response: { 201: Allergy } } }, async (request, reply) => {
    const { userId: _userId, ...fields } = request.body;
    return reply.status(201).send(await createAllergy(db, request.patient, fields));
  });
  app.patch(
    '/allergies/:id',
    { schema: { summary: 'Change an allergy (any of its fields)', params: IdParams, body: UpdateAllergyBody, response: { 200: Allergy } } },
    async (request) => updateAllergy(db, request.patient, request.params.id, request.body),
  );
  app.delete('/allergies/:id', { schema: { summary: 'Remove an allergy', params: IdParams, response: removed } }, async (request, reply) => {
    await deleteAllergy(db, request.patient, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/immunizations/:userId',
    { schema: { summary: "The patient's immunizations, the most recent first", params: UserIdParams, response: { 200: ImmunizationList } } },
    async (request, reply) => sendList(reply, await listImmunizations(db, request.patient)),
  );
  app.post('/immunizations', { schema: { summary: 'Add an immunization', body: CreateImmunizationBody, response: { 201: Immunization } } }, async (request, reply) => {
    const { userId: _userId, ...fields } = request.body;
    return reply.status(201).send(await createImmunization(db, request.patient, fields));
  });
  app.patch(
    '/immunizations/:id',
    { schema: { summary: 'Change an immunization (any of its fields)', params: IdParams, body: UpdateImmunizationBody, response: { 200: Immunization } } },
    async (request) => updateImmunization(db, request.patient, request.params.id, request.body),
  );
  app.delete('/immunizations/:id', { schema: { summary: 'Remove an immunization', params: IdParams, response: removed } }, async (request, reply) => {
    await deleteImmunization(db, request.patient, request.params.id);
    return reply.status(204).send(null);
  });
};
