import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import {
  Adherence,
  CreateMedicationBody,
  DayDoses,
  DayQuery,
  DoseEntry,
  DoseLogPage,
  DoseLogQuery,
  LogDoseBody,
  Medication,
  MedicationIdParams,
  MedicationList,
  UpdateDoseBody,
  UpdateMedicationBody,
} from '../../shared/contracts/medications';
import type { Database } from '../db/client';
import { errorResponses, sendList } from '../http/contract';
import { replanRemindersAfterWrites } from '../http/replan-reminders';
import { adherence, dayDoses, deleteDose, logDose, pageDoseLog, updateDose } from '../services/medication-doses';
import { createMedication, deleteMedication, listMedications, updateMedication } from '../services/medications';

const REMOVED = z.null().meta({ description: 'Removed' });

export const medicationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // A change here changes what reminders are due (issue 33).
  replanRemindersAfterWrites(app, db);

  app.get(
    '/medications/:userId',
    {
      schema: {
        summary: "The patient's medications: the current ones (active or paused) by name, then the past (stopped) by name",
        params: UserIdParams,
        response: { 200: MedicationList },
      },
    },
    async (request, reply) => sendList(reply, await listMedications(db, request.patient)),
  );

  app.post(
    '/medications',
    {
      schema: {
        summary: 'Add a medication: active, or paused, or a past one (stopped, on the day given or today)',
        body: CreateMedicationBody,
        response: { 201: Medication },
      },
    },
    async (request, reply) => {
      const { userId: _userId, ...fields } = request.body;
      return reply.status(201).send(await createMedication(db, request.patient, fields));
    },
  );

  app.patch(
    '/medications/:id',
    {
      schema: {
        summary: 'Change a medication (any of its fields), or stop, pause or restart it',
        params: IdParams,
        body: UpdateMedicationBody,
        response: { 200: Medication },
      },
    },
    async (request) => updateMedication(db, request.patient, request.params.id, request.body),
  );

  app.delete(
    '/medications/:id',
    { schema: { summary: 'Remove a medication and its dose log', params: IdParams, response: { 204: REMOVED } } },
    async (request, reply) => {
      await deleteMedication(db, request.patient, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/medications/doses/:userId',
    {
      schema: {
        summary: "The doses of one of the patient's days (by default today), by time, each with its entry when logged",
        params: UserIdParams,
        querystring: DayQuery,
        response: { 200: DayDoses },
      },
    },
    async (request) => dayDoses(db, request.patient, request.query.date),
  );

  app.post(
    '/medications/doses',
    {
      schema: {
        summary: 'Log a dose: a scheduled one taken, skipped or missed, or an as-needed one taken',
        body: LogDoseBody,
        response: { 201: DoseEntry, ...errorResponses(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await logDose(db, request.patient, request.body)),
  );

  app.patch(
    '/medications/doses/:id',
    {
      schema: {
        summary: "Correct a dose's entry: its status, the time it was taken, the reason",
        params: IdParams,
        body: UpdateDoseBody,
        response: { 200: DoseEntry },
      },
    },
    async (request) => updateDose(db, request.patient, request.params.id, request.body),
  );

  app.delete(
    '/medications/doses/:id',
    { schema: { summary: "Undo a dose's entry: the dose is not logged again", params: IdParams, response: { 204: REMOVED } } },
    async (request, reply) => {
      await deleteDose(db, request.patient, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/medications/adherence/:userId',
    {
      schema: {
        summary: 'Taken ÷ due over the last 7 and 30 days, per medication and overall',
        params: UserIdParams,
        response: { 200: Adherence },
      },
    },
    async (request) => adherence(db, request.patient),
  );

  app.get(
    '/medications/:medicationId/doses',
    {
      schema: {
        summary: "A page of one medication's dose log, newest logged first",
        params: MedicationIdParams,
        querystring: DoseLogQuery,
        response: { 200: DoseLogPage },
      },
    },
    async (request) => pageDoseLog(db, request.patient, request.params.medicationId, request.query),
  );
};
