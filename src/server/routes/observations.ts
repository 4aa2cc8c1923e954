import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import {
  CreateObservationBody,
  LatestObservations,
  LatestObservationsQuery,
  Observation,
  ObservationPage,
  ObservationPageQuery,
  Trend,
  TrendQuery,
  UpdateObservationBody,
} from '../../shared/contracts/observations';
import { CSV_MAX_BYTES, CsvImportBody, CsvPreview } from '../../shared/contracts/observation-csv';
import { CareItem } from '../../shared/contracts/preventative-care';
import type { Database } from '../db/client';
import { importCsv } from '../services/observation-import';
import {
  countReadingAsScreening,
  createObservation,
  deleteObservation,
  latestObservations,
  pageObservations,
  trendOf,
  updateObservation,
} from '../services/observations';

const REMOVED = z.null().meta({ description: 'Removed' });

/** Vitals and lab results (issue 35): readings, the newest of each measure, and one measure's trend. */
export const observationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/observations/:userId',
    {
      schema: {
        summary: "A page of the patient's readings, newest first: vitals, lab results, or one measure",
        params: UserIdParams,
        querystring: ObservationPageQuery,
        response: { 200: ObservationPage },
      },
    },
    async (request) => pageObservations(db, request.patient, request.query),
  );
  app.get(
    '/observations/:userId/latest',
    {
      schema: {
        summary: 'The newest reading of each measure the patient has, in the order of the measures table',
        params: UserIdParams,
        querystring: LatestObservationsQuery,
        response: { 200: LatestObservations },
      },
    },
    async (request) => latestObservations(db, request.patient, request.query),
  );
  app.get(
    '/observations/:userId/trend',
    {
      schema: {
        summary: "One measure's readings over a period, in the patient's units, for its chart",
        params: UserIdParams,
        querystring: TrendQuery,
        response: { 200: Trend },
      },
    },
    async (request) => trendOf(db, request.patient, request.query),
  );
  app.post(
    '/observations/import-csv',
    {
      // The file's text, up to 2 MB, grows as JSON escapes its quotes and line breaks.
      bodyLimit: 3 * CSV_MAX_BYTES,
      schema: {
        summary: "Read a CSV file's readings with a mapping of its columns (suggested when none is sent): a preview, or with confirm an import",
        body: CsvImportBody,
        response: { 200: CsvPreview },
      },
    },
    async (request) => {
      const { userId: _userId, ...body } = request.body;
      return importCsv(db, request.patient, body);
    },
  );
  app.post('/observations', { schema: { summary: 'Record a reading', body: CreateObservationBody, response: { 201: Observation } } }, async (request, reply) => {
    const { userId: _userId, ...fields } = request.body;
    return reply.status(201).send(await createObservation(db, request.patient, fields));
  });
  app.patch(
    '/observations/:id',
    { schema: { summary: 'Change a reading (any of its fields)', params: IdParams, body: UpdateObservationBody, response: { 200: Observation } } },
    async (request) => updateObservation(db, request.patient, request.params.id, request.body),
  );
  app.post(
    '/observations/:id/screening',
    {
      schema: {
        summary: 'Count a reading as the screening it is (blood pressure, a lipid panel, an A1c) done on its day: the care item that records it',
        params: IdParams,
        response: { 200: CareItem },
      },
    },
    async (request) => countReadingAsScreening(db, request.patient, request.params.id),
  );
  app.delete('/observations/:id', { schema: { summary: 'Remove a reading', params: IdParams, response: { 204: REMOVED } } }, async (request, reply) => {
    await deleteObservation(db, request.patient, request.params.id);
    return reply.status(204).send(null);
  });
};
