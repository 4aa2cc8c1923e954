import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  Appointment,
  AppointmentList,
  AppointmentStatusBody,
  CreateAppointmentBody,
} from '../../shared/contracts/appointments';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { errorResponses, sendList } from '../http/contract';
import { replanRemindersAfterWrites } from '../http/replan-reminders';
import {
  changeAppointmentStatus,
  listAppointments,
  scheduleAppointment,
  type NewAppointment,
} from '../services/appointments';
import { confirmByCall } from '../services/confirmation-call/confirm-appointment';
import type { ConfirmationCaller } from '../services/confirmation-call/types';

/** The quick scheduling dialog sends service/date/timeSlot; Schedule New sends the table's own names. */
function toNewAppointment(body: z.output<typeof CreateAppointmentBody>): NewAppointment {
  if ('service' in body) {
    const { service, date, timeSlot, providerId, notes, careItemId } = body;
    return { providerId, appointmentType: service, appointmentDate: date, appointmentTime: timeSlot, notes, careItemId };
  }
  const { userId: _userId, status: _status, ...appointment } = body;
  return appointment;
}

/** Only the quick scheduling dialog asks for the confirmation call to the provider (issue 12); Schedule New does not. */
function asksForConfirmationCall(body: z.output<typeof CreateAppointmentBody>): boolean {
  return 'service' in body;
}

export interface AppointmentsRoutesOptions {
  db: Database;
  /** The configured call service; without one no confirmation call is made. */
  confirmationCaller: ConfirmationCaller | undefined;
}

export const appointmentsRoutes: FastifyPluginAsyncZod<AppointmentsRoutesOptions> = async (app, { db, confirmationCaller }) => {
  // A change here changes what reminders are due (issue 33).
  replanRemindersAfterWrites(app, db);

  app.get(
    '/appointments/:userId',
    { schema: { summary: "The patient's appointments by date, then time of day", params: UserIdParams, response: { 200: AppointmentList } } },
    async (request, reply) => sendList(reply, await listAppointments(db, request.patient)),
  );

  app.post(
    '/appointments',
    {
      schema: {
        summary:
          "Schedule an appointment: Schedule New's payload, or the quick dialog's (service, date, timeSlot), which also calls the provider to confirm when a call service is configured",
        body: CreateAppointmentBody,
        response: { 201: Appointment },
      },
    },
    async (request, reply) => {
      const appointment = await scheduleAppointment(db, request.patient, toNewAppointment(request.body));
      // After the commit: the call's outcome is recorded on the stored appointment, which it never undoes.
      const answered =
        confirmationCaller && asksForConfirmationCall(request.body)
          ? await confirmByCall(db, confirmationCaller, appointment, request.log)
          : appointment;
      return reply.status(201).send(answered);
    },
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
};
