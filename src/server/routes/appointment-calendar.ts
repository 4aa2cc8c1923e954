import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { appointmentCalendar, scheduledAppointmentsCalendar } from '../services/calendar/appointment-calendar';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** The file's text, for the OpenAPI document; it is sent as it is, never as JSON. */
const CalendarFile = z
  .string()
  .meta({ id: 'CalendarFile', description: 'An iCalendar file (RFC 5545): one VEVENT per appointment, times in the patient’s time zone' });

const calendarResponse = (description: string) => ({ description, content: { 'text/calendar': { schema: CalendarFile } } });

/** `filename` is ours ('appointment-7.ics'): nothing in it needs escaping. */
function sendCalendar(reply: FastifyReply, filename: string, ics: string): FastifyReply {
  return reply.type(CALENDAR_TYPE).header('Content-Disposition', `attachment; filename="${filename}"`).send(ics);
}

/** 'Add to calendar' and 'Export calendar' (issue 11): the patient's appointments as .ics files. */
export const appointmentCalendarRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The list's path as .ics: '/appointments/1.ics' reaches this route, '/appointments/1' the list.
  app.get(
    '/appointments/:userId.ics',
    {
      schema: {
        summary: "Every scheduled appointment of the patient as one calendar file ('Export calendar')",
        params: UserIdParams,
        response: { 200: calendarResponse('appointments.ics, as an attachment') },
      },
    },
    async (request, reply) => sendCalendar(reply, 'appointments.ics', await scheduledAppointmentsCalendar(db, request.patient)),
  );

  app.get(
    '/appointments/:id/calendar.ics',
    {
      schema: {
        summary: "One appointment as a calendar file ('Add to calendar'); a cancelled one is STATUS:CANCELLED",
        params: IdParams,
        response: { 200: calendarResponse('appointment-{id}.ics, as an attachment') },
      },
    },
    async (request, reply) =>
      sendCalendar(reply, `appointment-${request.params.id}.ics`, await appointmentCalendar(db, request.patient, request.params.id)),
  );
};
