import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import {
  CreateInsuranceBenefitBody,
  CreateInsurancePlanBody,
  InsuranceBenefit,
  InsuranceBenefitList,
  InsuranceIdParams,
  InsurancePlan,
  InsurancePlanList,
  UpdateInsuranceBenefitBody,
  UpdateInsurancePlanBody,
} from '../../shared/contracts/insurance';
import { MedicalRecordPage } from '../../shared/contracts/medical-records';
import { PageQuery } from '../../shared/contracts/paging';
import type { Database } from '../db/client';
import { errorResponses, sendList } from '../http/contract';
import {
  createInsuranceBenefit,
  createInsurancePlan,
  deleteInsuranceBenefit,
  listInsuranceBenefits,
  listInsurancePlans,
  updateInsuranceBenefit,
  updateInsurancePlan,
} from '../services/insurance';
import { pageInsuranceDocuments } from '../services/medical-records';

export const insuranceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const listPlans = {
    schema: { summary: "The patient's insurance plans, the primary first", params: UserIdParams, response: { 200: InsurancePlanList } },
  };
  app.get('/insurance/:userId', listPlans, async (request, reply) => sendList(reply, await listInsurancePlans(db, request.patient)));
  // Part 2 §7 (docs/product.md#part-2-7) names the same list under this path too.
  app.get('/insurance-plans/:userId', listPlans, async (request, reply) => sendList(reply, await listInsurancePlans(db, request.patient)));

  app.get(
    '/insurance/benefits/:insuranceId',
    { schema: { summary: "The benefits of one of the patient's plans", params: InsuranceIdParams, response: { 200: InsuranceBenefitList } } },
    async (request, reply) => sendList(reply, await listInsuranceBenefits(db, request.patient, request.params.insuranceId)),
  );

  app.get(
    '/insurance-documents/:userId/page',
    {
      schema: {
        summary: "A page of the patient's insurance documents, newest first, with an optional search",
        description: "Documents filed under one of the patient's plans, or whose name or description mentions insurance.",
        params: UserIdParams,
        querystring: PageQuery,
        response: { 200: MedicalRecordPage },
      },
    },
    async (request) => pageInsuranceDocuments(db, request.patient, request.query),
  );

  app.post(
    '/insurance',
    {
      schema: {
        summary: 'Add an insurance plan (one primary plan per patient)',
        body: CreateInsurancePlanBody,
        response: { 201: InsurancePlan, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { userId: _userId, ...plan } = request.body;
      return reply.status(201).send(await createInsurancePlan(db, request.patient, plan));
    },
  );

  app.patch(
    '/insurance/:id',
    {
      schema: {
        summary: 'Change an insurance plan (any of its fields)',
        params: IdParams,
        body: UpdateInsurancePlanBody,
        response: { 200: InsurancePlan, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { userId: _userId, ...changes } = request.body;
      return updateInsurancePlan(db, request.patient, request.params.id, changes);
    },
  );

  // Benefits are not in the spec's calls; without them the Benefits Summary could only ever show the demo rows.
  app.post(
    '/insurance/benefits',
    {
      schema: {
        summary: "Add a benefit to one of the patient's plans",
        body: CreateInsuranceBenefitBody,
        response: { 201: InsuranceBenefit },
      },
    },
    async (request, reply) => reply.status(201).send(await createInsuranceBenefit(db, request.patient, request.body)),
  );

  app.patch(
    '/insurance/benefits/:id',
    {
      schema: {
        summary: 'Change a benefit (any of its texts)',
        params: IdParams,
        body: UpdateInsuranceBenefitBody,
        response: { 200: InsuranceBenefit },
      },
    },
    async (request) => updateInsuranceBenefit(db, request.patient, request.params.id, request.body),
  );

  app.delete(
    '/insurance/benefits/:id',
    { schema: { summary: 'Remove a benefit', params: IdParams, response: { 204: z.null().meta({ description: 'Removed' }) } } },
    async (request, reply) => {
      await deleteInsuranceBenefit(db, request.patient, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
