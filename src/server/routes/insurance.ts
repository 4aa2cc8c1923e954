import type { FastifyPluginAsync } from 'fastify';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import { CreateInsurancePlanBody, InsuranceIdParams, UpdateInsurancePlanBody } from '../../shared/contracts/insurance';
import type { Database } from '../db/client';
import { currentUserId, requireCurrentUser } from '../http/current-user';
import { parseInput } from '../http/errors';
import {
  createInsurancePlan,
  listInsuranceBenefits,
  listInsurancePlans,
  updateInsurancePlan,
} from '../services/insurance';

export const insuranceRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  const listPlans = async (request: { params: unknown }) => {
    const { userId } = parseInput(UserIdParams, request.params);
    return listInsurancePlans(db, requireCurrentUser(userId));
  };
  app.get('/insurance/:userId', listPlans);
  // Part 2 §7 names the same list under this path too.
  app.get('/insurance-plans/:userId', listPlans);

  app.get('/insurance/benefits/:insuranceId', async (request) => {
    const { insuranceId } = parseInput(InsuranceIdParams, request.params);
    return listInsuranceBenefits(db, currentUserId(), insuranceId);
  });

  app.post('/insurance', async (request, reply) => {
    const { userId, ...plan } = parseInput(CreateInsurancePlanBody, request.body);
    return reply.status(201).send(await createInsurancePlan(db, requireCurrentUser(userId), plan));
  });

  app.patch('/insurance/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const { userId, ...changes } = parseInput(UpdateInsurancePlanBody, request.body);
    if (userId !== undefined) requireCurrentUser(userId);
    return updateInsurancePlan(db, currentUserId(), id, changes);
  });
};
