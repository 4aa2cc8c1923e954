import { addDays, addMonths, format, parseISO } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/rules/patient';
import { formatDate } from '../../shared/rules/formats';
import type { AppointmentStatus } from '../../shared/rules/statuses';
import { createAppointment, createCareItem, createProvider } from '../../testing/factories';
import { type preventativeCare, users } from '../db/schema/index';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

const t = useTestApp();

/** A calendar date some days from now, so the tests keep passing in later years. */
const inDays = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

const TIME_FORMAT = 'must be a time such as 09:00 or 9:00 AM, or one of morning, afternoon, evening, any';
const NOT_INITIAL = "must be 'scheduled' for a new appointment";

/** A complete Schedule New payload (part 2 §7). */
function scheduleNew(providerId: number, overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    providerId,
    appointmentType: 'Annual Physical',
    appointmentDate: inDays(14),
    appointmentTime: 'afternoon',
    status: 'scheduled',
    notes: 'Fasting blood work',
    ...overrides,
  };
}

/** A complete quick scheduling dialog payload (part 2 §3 and §7). */
function quickSchedule(providerId: number, overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    providerId,
    service: 'Dental Cleaning',
    date: inDays(1),
    timeSlot: '9:00 AM',
    notes: 'Sensitive teeth',
    status: 'Scheduled',
    ...overrides,
  };
}


async function activitiesOfPatient() {
  return (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
}

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

async function careItemsOfPatient() {
  return (await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body;
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

describe('POST /api/appointments, the Schedule New payload', () => {
  it('stores the appointment as scheduled, records the activity, and answers 201 with the created row', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Ada Park' });
    const date = inDays(14);
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { appointmentDate: date }));
    expect(response.status).toBe(201);
    const created = {
      id: 1,
      userId: t.userId,
      providerId: provider.id,
      appointmentType: 'Annual Physical',
      appointmentDate: date,
      appointmentTime: 'afternoon',
      status: 'scheduled',
      notes: 'Fasting blood work',
      careItemId: null,
      confirmationCallStatus: 'none',
      confirmationCallError: null,
    };
    expect(response.body).toEqual(created);
    expect((await api(t.app, 'GET', `/api/appointments/${t.userId}`)).body).toEqual([created]);

    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'appointment_scheduled',
        description: `Scheduled Annual Physical with Dr. Ada Park on ${formatDate(date)}`,
        iconType: 'calendar_today',
        relatedItemId: 1,
      }),
    ]);
  });

  it.each([
    ['left out', undefined],
    ['scheduled', 'scheduled'],
    ['Scheduled', 'Scheduled'],
  ])("starts as scheduled with the status %s", async (_case, status) => {
    const provider = await createProvider(t.db, t.userId);
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { status }));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('scheduled');
  });

  it.each([
    ['a preference', 'afternoon', 'afternoon'],
    ['a capitalised preference', ' Morning ', 'morning'],
    ['any time', 'any', 'any'],
    ['a 24-hour time', '14:30', '14:30'],
    ['a 12-hour time', '9:00 AM', '09:00'],
    ['a 12-hour afternoon time', '1:15 pm', '13:15'],
  ])('stores %s as its time', async (_case, appointmentTime, stored) => {
    const provider = await createProvider(t.db, t.userId);
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { appointmentTime }));
    expect(response.status).toBe(201);
    expect(response.body.appointmentTime).toBe(stored);
  });

  it('trims the type, stores empty notes as none, and keeps the written day of a date-time', async () => {
    const provider = await createProvider(t.db, t.userId);
    const day = inDays(10);
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, {
      appointmentType: '  Vaccination ',
      appointmentDate: `${day}T23:30:00-05:00`,
      notes: '',
    }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ appointmentType: 'Vaccination', appointmentDate: day, notes: null });
    const noNotes = await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { notes: undefined }));
    expect(noNotes.body.notes).toBeNull();
  });

  it.each([
    ['a missing appointment type', { appointmentType: undefined }, 'appointmentType: Appointment type is required'],
    ['an empty appointment type', { appointmentType: '' }, 'appointmentType: Appointment type is required'],
    ['a blank appointment type', { appointmentType: '   ' }, 'appointmentType: Appointment type is required'],
    ['an appointment type over 200 characters', { appointmentType: 'A'.repeat(201) }, 'appointmentType: must be at most 200 characters'],
    ['a missing provider', { providerId: undefined }, 'providerId: Healthcare provider is required'],
    ['a provider of 0, as the form sends none', { providerId: 0 }, 'providerId: Healthcare provider is required'],
    ['a negative provider', { providerId: -3 }, 'providerId: Healthcare provider is required'],
    ['a provider sent as text', { providerId: '1' }, 'providerId: Healthcare provider is required'],
    ['a fractional provider', { providerId: 1.5 }, 'providerId: must be a positive whole number'],
    ['a missing date', { appointmentDate: undefined }, 'appointmentDate: Appointment date is required'],
    ['an empty date', { appointmentDate: '' }, 'appointmentDate: Appointment date is required'],
    ['an impossible date', { appointmentDate: '2031-02-30' }, 'appointmentDate: Appointment date is required'],
    ['a date in another format', { appointmentDate: '05/01/2031' }, 'appointmentDate: Appointment date is required'],
    ['a missing time', { appointmentTime: undefined }, 'appointmentTime: Time preference is required'],
    ['an empty time', { appointmentTime: '' }, 'appointmentTime: Time preference is required'],
    ['a blank time', { appointmentTime: '  ' }, 'appointmentTime: Time preference is required'],
    ['a time that is none', { appointmentTime: 'noon' }, `appointmentTime: ${TIME_FORMAT}`],
    ['an hour past the day', { appointmentTime: '25:00' }, `appointmentTime: ${TIME_FORMAT}`],
    ['a completed status', { status: 'completed' }, `status: ${NOT_INITIAL}`],
    ['a cancelled status', { status: 'cancelled' }, `status: ${NOT_INITIAL}`],
    ['an unknown status', { status: 'pending' }, `status: ${NOT_INITIAL}`],
    ['notes over 2000 characters', { notes: 'n'.repeat(2001) }, 'notes: must be at most 2000 characters'],
    ['a care item of 0', { careItemId: 0 }, 'careItemId: must be a positive whole number'],
    ['a care item sent as text', { careItemId: '1' }, 'careItemId: must be a positive whole number'],
    ['a missing user id', { userId: undefined }, 'userId: must be a positive whole number'],
    ['a string user id', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    const provider = await createProvider(t.db, t.userId);
    await expectRefused(t, 'POST', '/api/appointments', scheduleNew(provider.id, overrides), 400, message);
  });
});

describe('POST /api/appointments, the quick scheduling payload', () => {
  it("maps service, date and timeSlot, stores '9:00 AM' as '09:00', and records the activity", async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Chen', specialty: 'Dentistry' });
    const date = inDays(1);
    const response = await api(t.app, 'POST', '/api/appointments', quickSchedule(provider.id, { date }));
    expect(response.status).toBe(201);
    const created = {
      id: 1,
      userId: t.userId,
      providerId: provider.id,
      appointmentType: 'Dental Cleaning',
      appointmentDate: date,
      appointmentTime: '09:00',
      status: 'scheduled',
      notes: 'Sensitive teeth',
      careItemId: null,
      confirmationCallStatus: 'none',
      confirmationCallError: null,
    };
    expect(response.body).toEqual(created);
    expect((await api(t.app, 'GET', `/api/appointments/${t.userId}`)).body).toEqual([created]);

    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        activityType: 'appointment_scheduled',
        description: `Scheduled Dental Cleaning with Dr. Chen on ${formatDate(date)}`,
        iconType: 'calendar_today',
        relatedItemId: 1,
      }),
    ]);
  });

  it.each([
    ['9:00 AM', '09:00'],
    ['10:00 AM', '10:00'],
    ['11:00 AM', '11:00'],
    ['1:00 PM', '13:00'],
    ['2:00 PM', '14:00'],
    ['3:00 PM', '15:00'],
    ['4:00 PM', '16:00'],
  ])("stores the dialog's time slot %s as %s", async (timeSlot, stored) => {
    const provider = await createProvider(t.db, t.userId);
    const response = await api(t.app, 'POST', '/api/appointments', quickSchedule(provider.id, { timeSlot }));
    expect(response.status).toBe(201);
    expect(response.body.appointmentTime).toBe(stored);
  });

  it('accepts a date three months ahead and a payload without notes or status', async () => {
    const provider = await createProvider(t.db, t.userId);
    const date = format(addDays(new Date(), 90), 'yyyy-MM-dd');
    const response = await api(t.app, 'POST', '/api/appointments', quickSchedule(provider.id, { date, notes: undefined, status: undefined }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ appointmentDate: date, notes: null, status: 'scheduled' });
  });

  it.each([
    ['a missing date', { date: undefined }, 'date: Please select an appointment date.'],
    ['an empty date', { date: '' }, 'date: Please select an appointment date.'],
    ['a date that is none', { date: 'tomorrow' }, 'date: Please select an appointment date.'],
    ['an impossible date', { date: '2031-04-31' }, 'date: Please select an appointment date.'],
    ['a missing time slot', { timeSlot: undefined }, 'timeSlot: Please select at least one time slot.'],
    ['an empty time slot', { timeSlot: '' }, 'timeSlot: Please select at least one time slot.'],
    ['a blank time slot', { timeSlot: ' ' }, 'timeSlot: Please select at least one time slot.'],
    ['a time slot of null', { timeSlot: null }, 'timeSlot: Please select at least one time slot.'],
    ['a time slot without minutes', { timeSlot: '9 AM' }, `timeSlot: ${TIME_FORMAT}`],
    ['a time slot past noon in 12-hour form', { timeSlot: '13:00 PM' }, `timeSlot: ${TIME_FORMAT}`],
    ['a missing provider', { providerId: undefined }, 'providerId: Please select a provider.'],
    ['a provider of 0', { providerId: 0 }, 'providerId: Please select a provider.'],
    ['a provider of null', { providerId: null }, 'providerId: Please select a provider.'],
    ['an empty service', { service: '' }, 'service: Appointment type is required'],
    ['a cancelled status', { status: 'Cancelled' }, `status: ${NOT_INITIAL}`],
    ['a completed status', { status: 'Completed' }, `status: ${NOT_INITIAL}`],
    ['notes over 2000 characters', { notes: 'n'.repeat(2001) }, 'notes: must be at most 2000 characters'],
    ['a string user id', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    const provider = await createProvider(t.db, t.userId);
    await expectRefused(t, 'POST', '/api/appointments', quickSchedule(provider.id, overrides), 400, message);
  });
});

describe('POST /api/appointments for a preventative care item', () => {
  it.each([
    ['Schedule New', scheduleNew],
    ['quick scheduling', quickSchedule],
  ])('moves the care item to scheduled with the %s payload', async (_case, payload) => {
    const provider = await createProvider(t.db, t.userId);
    const item = await createCareItem(t.db, t.userId, { careName: 'Colonoscopy', dueDate: inDays(-5) });
    const untouched = await createCareItem(t.db, t.userId, { careName: 'Flu Shot' });
    const response = await api(t.app, 'POST', '/api/appointments', payload(provider.id, { careItemId: item.id }));
    expect(response.status).toBe(201);
    expect(response.body.careItemId).toBe(item.id);
    expect(await careItemsOfPatient()).toEqual(
      expect.arrayContaining([{ ...item, status: 'scheduled' }, untouched]),
    );
    expect(await activitiesOfPatient()).toEqual([expect.objectContaining({ iconType: 'calendar_today', relatedItemId: response.body.id })]);
  });

  it('leaves a completed care item completed, and accepts a careItemId of null', async () => {
    const provider = await createProvider(t.db, t.userId);
    const done = await createCareItem(t.db, t.userId, { status: 'completed', lastCompleted: '2026-01-05' });
    expect((await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { careItemId: done.id }))).status).toBe(201);
    expect((await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { careItemId: null }))).status).toBe(201);
    expect(await careItemsOfPatient()).toEqual([done]);
  });

  it('stores neither the appointment nor the care item change when the activity cannot be recorded', async () => {
    const provider = await createProvider(t.db, t.userId);
    const item = await createCareItem(t.db, t.userId);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'POST', '/api/appointments', quickSchedule(provider.id, { careItemId: item.id }), 500, INTERNAL_ERROR);
      await expectRefused(t, 'POST', '/api/appointments', scheduleNew(provider.id, { careItemId: item.id }), 500, INTERNAL_ERROR);
    });
  });

  it("answers 404 for another user's care item and one that does not exist, changing nothing", async () => {
    const provider = await createProvider(t.db, t.userId);
    const theirs = await createCareItem(t.db, t.otherUserId);
    await expectRefused(t, 'POST', '/api/appointments', scheduleNew(provider.id, { careItemId: theirs.id }), 404, 'Care item not found');
    await expectRefused(t, 'POST', '/api/appointments', quickSchedule(provider.id, { careItemId: theirs.id }), 404, 'Care item not found');
    await expectRefused(t, 'POST', '/api/appointments', scheduleNew(provider.id, { careItemId: 999 }), 404, 'Care item not found');
  });
});

describe('POST /api/appointments, refusals common to both payloads', () => {
  it.each([
    ['Schedule New', scheduleNew],
    ['quick scheduling', quickSchedule],
  ])("answers 404 for an unknown provider, another user's provider, and another user's id (%s)", async (_case, payload) => {
    const mine = await createProvider(t.db, t.userId);
    const theirs = await createProvider(t.db, t.otherUserId);
    // 101 to 103 are the quick dialog's fixed choices (part 2 §9); they are not providers of this patient.
    await expectRefused(t, 'POST', '/api/appointments', payload(101), 404, 'Provider not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(theirs.id), 404, 'Provider not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(mine.id, { userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(theirs.id, { userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(mine.id, { userId: 999 }), 404, 'User not found');
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

    expect(await activitiesOfPatient()).toEqual([
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

describe('PATCH /api/appointments/{id}/status: the care item follows its appointment', () => {
  /** A care item and a scheduled appointment booked for it, the way Schedule New with ?care= makes them. */
  async function bookedCareItem(careItem: Partial<typeof preventativeCare.$inferInsert> = {}, appointmentDate = inDays(10)) {
    const provider = await createProvider(t.db, t.userId);
    const item = await createCareItem(t.db, t.userId, { careName: 'Colonoscopy', dueDate: inDays(20), status: 'scheduled', ...careItem });
    const appointment = await createAppointment(t.db, t.userId, provider.id, { appointmentType: 'Colonoscopy', appointmentDate, careItemId: item.id });
    return { provider, item, appointment };
  }

  const setStatus = (id: number, status: 'cancelled' | 'completed') => api(t.app, 'PATCH', `/api/appointments/${id}/status`, { status });

  it('opens the item again as upcoming when the appointment is cancelled before the due date', async () => {
    const { item, appointment } = await bookedCareItem();
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'upcoming' }]);
  });

  it('opens the item again as overdue when its due date has passed', async () => {
    const { item, appointment } = await bookedCareItem({ dueDate: inDays(-3) });
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'overdue' }]);
  });

  it("shows the reopened item overdue by the patient's own day, in their time zone", async () => {
    // UTC−12 and UTC+14 are 26 hours apart: at any moment the day in +14 is at least one later than in −12.
    const { item, appointment } = await bookedCareItem({ dueDate: todayIn('Etc/GMT+12') });
    await t.db.update(users).set({ timeZone: 'Etc/GMT+12' }).where(eq(users.id, t.userId));
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'upcoming' }]);
    // Overdue is read from the date, not written when the visit is cancelled: the same row, seen a day later.
    await t.db.update(users).set({ timeZone: 'Etc/GMT-14' }).where(eq(users.id, t.userId));
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'overdue' }]);
  });

  it('keeps the item scheduled while another appointment still books it', async () => {
    const { provider, item, appointment } = await bookedCareItem();
    await createAppointment(t.db, t.userId, provider.id, { appointmentDate: inDays(12), careItemId: item.id });
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([item]);
  });

  it('leaves an item completed meanwhile completed when the appointment is cancelled', async () => {
    const { item, appointment } = await bookedCareItem({ status: 'completed', lastCompleted: inDays(-1) });
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([item]);
  });

  it('completes the item on the day of the visit, with its activity, when the appointment is completed', async () => {
    const { item, appointment } = await bookedCareItem({}, inDays(-2));
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'completed', lastCompleted: inDays(-2) }]);
    expect(await activitiesOfPatient()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityType: 'appointment_completed', relatedItemId: appointment.id }),
        expect.objectContaining({ activityType: 'care_completed', description: 'Completed Colonoscopy', relatedItemId: item.id }),
      ]),
    );
    expect(await activitiesOfPatient()).toHaveLength(2);
  });

  it('completes the item today when a later appointment is marked completed early', async () => {
    const { item, appointment } = await bookedCareItem({}, inDays(10));
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'completed', lastCompleted: todayIn(null) }]);
  });

  it('keeps an item completed before with its own date and records no second completion nor a second round', async () => {
    const { item, appointment } = await bookedCareItem({ status: 'completed', lastCompleted: inDays(-30), recurringMonths: 12 });
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([item]);
    expect(await activitiesOfPatient()).toEqual([expect.objectContaining({ activityType: 'appointment_completed' })]);
  });

  it('brings recurring care back: a new upcoming item due recurringMonths after the visit, in the same transaction', async () => {
    const { item, appointment } = await bookedCareItem({ category: 'Specialty Care', recurringMonths: 12, notes: 'Every year' }, inDays(-2));
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    const completed = { ...item, status: 'completed', lastCompleted: inDays(-2) };
    const nextRound = {
      id: item.id + 1,
      userId: t.userId,
      careName: 'Colonoscopy',
      category: 'Specialty Care',
      dueDate: format(addMonths(parseISO(inDays(-2)), 12), 'yyyy-MM-dd'),
      status: 'upcoming',
      recurringMonths: 12,
      lastCompleted: inDays(-2),
      notes: 'Every year',
    };
    expect(await careItemsOfPatient()).toEqual([completed, nextRound]);
    // The appointment keeps the item of its own visit.
    const [visit] = (await api(t.app, 'GET', `/api/appointments/${t.userId}`)).body;
    expect(visit.careItemId).toBe(item.id);
    expect(await activitiesOfPatient()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityType: 'appointment_completed', relatedItemId: appointment.id }),
        expect.objectContaining({ activityType: 'care_completed', relatedItemId: item.id }),
      ]),
    );
    expect(await activitiesOfPatient()).toHaveLength(2);
  });

  it('adds one round when two appointments for the same item are completed at the same time', async () => {
    const { provider, item, appointment } = await bookedCareItem({ recurringMonths: 6 });
    const second = await createAppointment(t.db, t.userId, provider.id, { appointmentDate: inDays(11), careItemId: item.id });
    const responses = await Promise.all([setStatus(appointment.id, 'completed'), setStatus(second.id, 'completed')]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const items = await careItemsOfPatient();
    expect(items.map((listed: { id: number; status: string }) => [listed.id, listed.status])).toEqual([
      [item.id, 'completed'],
      [item.id + 1, 'upcoming'],
    ]);
    const careActivities = (await activitiesOfPatient()).filter((activity: { activityType: string }) => activity.activityType === 'care_completed');
    expect(careActivities).toHaveLength(1);
  });

  it.each(['cancelled', 'completed'] as const)('changes neither appointment nor item when the activity cannot be recorded (%s)', async (status) => {
    const { appointment } = await bookedCareItem({ recurringMonths: 6 });
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'PATCH', `/api/appointments/${appointment.id}/status`, { status }, 500, INTERNAL_ERROR);
    });
  });

  it('links the appointment to the item it was booked for, and the link follows a cancel', async () => {
    const provider = await createProvider(t.db, t.userId);
    const item = await createCareItem(t.db, t.userId, { dueDate: inDays(40), status: 'upcoming' });
    const booked = await api(t.app, 'POST', '/api/appointments', scheduleNew(provider.id, { careItemId: item.id }));
    expect(booked.body.careItemId).toBe(item.id);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'scheduled' }]);
    expect((await setStatus(booked.body.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient()).toEqual([{ ...item, status: 'upcoming' }]);
  });
});
