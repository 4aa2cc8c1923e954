import type { FastifyPluginAsync } from 'fastify';
import {
  AppointmentStatusBody,
  QuickScheduleAppointmentBody,
  ScheduleAppointmentBody,
} from '../../shared/contracts/appointments';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { currentUserId, requireCurrentUser } from '../http/current-user';
import { parseInput } from '../http/errors';
import {
  changeAppointmentStatus,
  listAppointments,
  listProviders,
  scheduleAppointment,
  type NewAppointment,
} from '../services/appointments';

/** The quick scheduling dialog sends service/date/timeSlot; Schedule New sends the table's own names. */
function parseNewAppointment(body: unknown): { userId: number; appointment: NewAppointment } {
  const isQuick = typeof body === 'object' && body !== null && ('service' in body || 'timeSlot' in body);
  if (isQuick) {
    const { userId, service, date, timeSlot, providerId, notes, careItemId } = parseInput(QuickScheduleAppointmentBody, body);
    return {
      userId,
      appointment: { providerId, appointmentType: service, appointmentDate: date, appointmentTime: timeSlot, notes, careItemId },
    };
  }
  const { userId, status: _status, ...appointment } = parseInput(ScheduleAppointmentBody, body);
  return { userId, appointment };
}

export const appointmentsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/appointments/:userId', async (request) => {
    const { userId } = parseInput(UserIdParams, request.params);
    return listAppointments(db, requireCurrentUser(userId));
  });

  app.post('/appointments', async (request, reply) => {
    const { userId, appointment } = parseNewAppointment(request.body);
    return reply.status(201).send(await scheduleAppointment(db, requireCurrentUser(userId), appointment));
  });

  app.patch('/appointments/:id/status', async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const { status } = parseInput(AppointmentStatusBody, request.body);
    return changeAppointmentStatus(db, currentUserId(), id, status);
  });

  app.get('/providers/:userId', async (request) => {
    const { userId } = parseInput(UserIdParams, request.params);
    return listProviders(db, requireCurrentUser(userId));
  });
};
