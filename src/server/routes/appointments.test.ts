import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/rules/formats';
import type { AppointmentStatus } from '../../shared/rules/statuses';
import { createAppointment, createProvider } from '../../testing/factories';
import { activitiesOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

// Listing appointments and moving them on. Scheduling one: appointment-scheduling.test.ts; the care item an
// appointment was booked for: appointment-care-items.test.ts.

const t = useTestApp();

/**
 * An appointment row as the API sends it: the calendar UID stays on the server (it appears in .ics files only), and
 * so does the call service's id for the confirmation call.
 */
function asSent({
  calendarUid: _uid,
  confirmationCallId: _callId,
  ...appointment
}: { calendarUid: string; confirmationCallId: string | null } & Record<string, unknown>) {
  return appointment;
}

describe('GET /api/appointments/{userId}', () => {
  it('lists the patient’s appointments by date, then time, then id, with every field', async () => {
    const provider = await createProvider(t.db, t.userId);
    const late = await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2030-05-02', appointmentTime: '08:00' });
    const afternoon = await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2030-05-01', appointmentTime: '14:30' });
    const morning = await createAppointment(t.db, t.userId, provider.id, {
      appointmentType: 'Eye Examination',
      appointmentDate: '2030-05-01',
      appointmentTime: '09:00',
      status: 'cancelled',
      notes: 'Bring glasses',
    });
    const morningToo = await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2030-05-01', appointmentTime: '09:00' });
    const past = await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2025-05-25', status: 'completed' });
    const theirProvider = await createProvider(t.db, t.otherUserId);
    await createAppointment(t.db, t.otherUserId, theirProvider.id, { appointmentDate: '2020-01-01' });

    const response = await api(t.app, 'GET', `/api/appointments/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((appointment: { id: number }) => appointment.id)).toEqual([
      past.id,
      morning.id,
      morningToo.id,
      afternoon.id,
      late.id,
    ]);
    expect(response.body[1]).toEqual({
      id: morning.id,
      userId: t.userId,
      providerId: provider.id,
      appointmentType: 'Eye Examination',
      appointmentDate: '2030-05-01',
      appointmentTime: '09:00',
      status: 'cancelled',
      notes: 'Bring glasses',
      careItemId: null,
      confirmationCallStatus: 'none',
      confirmationCallError: null,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('orders one day by time of day: a preference where it falls (morning 08:00, afternoon 12:00, evening 17:00), any last', async () => {
    const provider = await createProvider(t.db, t.userId);
    const times = ['evening', 'any', '13:00', 'morning', '07:30', 'afternoon', '18:30', '12:00'];
    for (const appointmentTime of times) {
      await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2030-06-01', appointmentTime });
    }
    await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2030-05-31', appointmentTime: 'any' });
    await createAppointment(t.db, t.userId, provider.id, { appointmentDate: '2030-06-02', appointmentTime: 'morning' });

    const response = await api(t.app, 'GET', `/api/appointments/${t.userId}`);
    expect(response.body.map((a: { appointmentDate: string; appointmentTime: string }) => `${a.appointmentDate} ${a.appointmentTime}`)).toEqual([
      '2030-05-31 any',
      '2030-06-01 07:30',
      '2030-06-01 morning',
      '2030-06-01 afternoon',
      '2030-06-01 12:00',
      '2030-06-01 13:00',
      '2030-06-01 evening',
      '2030-06-01 18:30',
      '2030-06-01 any',
      '2030-06-02 morning',
    ]);
  });

  it('answers an empty list when the patient has no appointments', async () => {
    const theirProvider = await createProvider(t.db, t.otherUserId);
    await createAppointment(t.db, t.otherUserId, theirProvider.id);
    const response = await api(t.app, 'GET', `/api/appointments/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers 404 for another user and one that does not exist, 400 for a malformed id', async () => {
    const theirProvider = await createProvider(t.db, t.otherUserId);
    await createAppointment(t.db, t.otherUserId, theirProvider.id);
    await expectRefused(t, 'GET', `/api/appointments/${t.otherUserId}`, undefined, 404, 'User not found');
    await expectRefused(t, 'GET', '/api/appointments/999', undefined, 404, 'User not found');
    for (const bad of ['abc', '0', '-1', '1e3', '1.5', '01', '2147483648']) {
      await expectRefused(t, 'GET', `/api/appointments/${bad}`, undefined, 400, 'userId: must be a positive whole number');
    }
  });
});

describe('PATCH /api/appointments/{id}/status', () => {
  it.each([
    ['cancelled', 'appointment_cancelled', 'Cancelled'],
    ['completed', 'appointment_completed', 'Completed'],
  ])('moves a scheduled appointment to %s, records the activity, and answers 200', async (status, activityType, verb) => {
    const provider = await createProvider(t.db, t.userId);
    const appointment = await createAppointment(t.db, t.userId, provider.id, { appointmentType: 'Eye Examination', appointmentDate: '2030-05-01' });
    const response = await api(t.app, 'PATCH', `/api/appointments/${appointment.id}/status`, { status });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...asSent(appointment), status });
    expect((await api(t.app, 'GET', `/api/appointments/${t.userId}`)).body).toEqual([{ ...asSent(appointment), status }]);

    expect(await activitiesOfPatient(t)).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType,
        description: `${verb} Eye Examination on ${formatDate('2030-05-01')}`,
        iconType: 'calendar_today',
        relatedItemId: appointment.id,
      }),
    ]);
  });

  it.each<[AppointmentStatus, string]>([
    ['completed', 'cancelled'],
    ['completed', 'completed'],
    ['cancelled', 'completed'],
    ['cancelled', 'cancelled'],
  ])('refuses to move a %s appointment to %s with 409', async (from, to) => {
    const provider = await createProvider(t.db, t.userId);
    const appointment = await createAppointment(t.db, t.userId, provider.id, { status: from });
    await expectRefused(t, 
      'PATCH',
      `/api/appointments/${appointment.id}/status`,
      { status: to },
      409,
      `This appointment is already ${from}; only a scheduled appointment can change`,
    );
  });

  it('lets only one of two simultaneous changes through', async () => {
    const provider = await createProvider(t.db, t.userId);
    const appointment = await createAppointment(t.db, t.userId, provider.id);
    const responses = await Promise.all([
      api(t.app, 'PATCH', `/api/appointments/${appointment.id}/status`, { status: 'cancelled' }),
      api(t.app, 'PATCH', `/api/appointments/${appointment.id}/status`, { status: 'completed' }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.status === 409)!;
    // The service's own check, or the status guard if both read the appointment before either changed it.
    expect(refused.body.message).toMatch(/^This appointment (is already (cancelled|completed)|was changed by another request)/);
    const snapshot = await snapshotData(t.db);
    expect(snapshot.activities).toHaveLength(1);
  });

  it('leaves the appointment scheduled when the change cannot be recorded', async () => {
    const provider = await createProvider(t.db, t.userId);
    const appointment = await createAppointment(t.db, t.userId, provider.id);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'PATCH', `/api/appointments/${appointment.id}/status`, { status: 'cancelled' }, 500, INTERNAL_ERROR);
    });
  });

  it.each([
    ['scheduled', { status: 'scheduled' }],
    ['a capitalised status', { status: 'Cancelled' }],
    ['an unknown status', { status: 'no-show' }],
    ['a status of null', { status: null }],
    ['a missing status', {}],
  ])('refuses %s with 400', async (_case, payload) => {
    const provider = await createProvider(t.db, t.userId);
    const appointment = await createAppointment(t.db, t.userId, provider.id);
    await expectRefused(t, 'PATCH', `/api/appointments/${appointment.id}/status`, payload, 400, 'status: must be cancelled or completed');
  });

  it('refuses a request without a body with 400', async () => {
    const provider = await createProvider(t.db, t.userId);
    const appointment = await createAppointment(t.db, t.userId, provider.id);
    await expectRefused(t, 'PATCH', `/api/appointments/${appointment.id}/status`, undefined, 400, 'The request body must be a JSON object');
  });

  it("answers 404 for another user's appointment and one that does not exist, 400 for a malformed id", async () => {
    const theirProvider = await createProvider(t.db, t.otherUserId);
    const theirs = await createAppointment(t.db, t.otherUserId, theirProvider.id);
    await expectRefused(t, 'PATCH', `/api/appointments/${theirs.id}/status`, { status: 'cancelled' }, 404, 'Appointment not found');
    await expectRefused(t, 'PATCH', '/api/appointments/999/status', { status: 'cancelled' }, 404, 'Appointment not found');
    for (const bad of ['abc', '0', '-1', '1e3', '1.5', '01', '2147483648']) {
      await expectRefused(t, 'PATCH', `/api/appointments/${bad}/status`, { status: 'cancelled' }, 400, 'id: must be a positive whole number');
    }
  });
});
