import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  Appointment,
  AppointmentList,
  AppointmentStatusBody,
  CreateAppointmentBody,
  ProviderList,
} from '../../shared/contracts/appointments';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { errorResponses, sendList } from '../http/contract';
import {
  changeAppointmentStatus,
  listAppointments,
  listProviders,
  scheduleAppointment,
  type NewAppointment,
} from '../services/appointments';

/** The quick scheduling dialog sends service/date/timeSlot; Schedule New sends the table's own names. */
function toNewAppointment(body: z.output<typeof CreateAppointmentBody>): NewAppointment {
  if ('service' in body) {
    const { service, date, timeSlot, providerId, notes, careItemId } = body;
    return { providerId, appointmentType: service, appointmentDate: date, appointmentTime: timeSlot, notes, careItemId };
  }
  const { userId: _userId, status: _status, ...appointment } = body;
  return appointment;
}

export const appointmentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/appointments/:userId',
    { schema: { summary: "The patient's appointments by date, then time of day", params: UserIdParams, response: { 200: AppointmentList } } },
    async (request, reply) => sendList(reply, await listAppointments(db, request.patient)),
  );

  app.post(
    '/appointments',
    {
      schema: {
        summary: "Schedule an appointment: Schedule New's payload, or the quick dialog's (service, date, timeSlot)",
        body: CreateAppointmentBody,
        response: { 201: Appointment },
      },
    },
    async (request, reply) => reply.status(201).send(await scheduleAppointment(db, request.patient, toNewAppointment(request.body))),
  );

  app.patch(
    '/appointments/:id/status',
    {
      schema: {
        summary: 'Cancel or complete a scheduled appointment',
        params: IdParams,
        body: AppointmentStatusBody,
        response: { 200: Appointment, ...errorResponses(409) },
      },
    },
    async (request) => changeAppointmentStatus(db, request.patient, request.params.id, request.body.status),
  );

  app.get(
    '/providers/:userId',
    { schema: { summary: "The patient's healthcare providers by name", params: UserIdParams, response: { 200: ProviderList } } },
    async (request, reply) => sendList(reply, await listProviders(db, request.patient)),
  );
};
