import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/rules/formats';
import { inDays } from '../../testing/calendar-days';
import { createCareItem, createProvider } from '../../testing/factories';
import { activitiesOfPatient, careItemsOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { quickSchedule, scheduleNew } from '../../testing/appointment-fixtures';

const t = useTestApp();

const TIME_FORMAT = 'must be a time such as 09:00 or 9:00 AM, or one of morning, afternoon, evening, any';
const NOT_INITIAL = "must be 'scheduled' for a new appointment";

describe('POST /api/appointments, the Schedule New payload', () => {
  it('stores the appointment as scheduled, records the activity, and answers 201 with the created row', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Ada Park' });
    const date = inDays(14);
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { appointmentDate: date }));
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

    expect(await activitiesOfPatient(t)).toEqual([
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
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { status }));
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
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { appointmentTime }));
    expect(response.status).toBe(201);
    expect(response.body.appointmentTime).toBe(stored);
  });

  it('trims the type, stores empty notes as none, and keeps the written day of a date-time', async () => {
    const provider = await createProvider(t.db, t.userId);
    const day = inDays(10);
    const response = await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, {
      appointmentType: '  Vaccination ',
      appointmentDate: `${day}T23:30:00-05:00`,
      notes: '',
    }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ appointmentType: 'Vaccination', appointmentDate: day, notes: null });
    const noNotes = await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { notes: undefined }));
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
    await expectRefused(t, 'POST', '/api/appointments', scheduleNew(t, provider.id, overrides), 400, message);
  });
});

describe('POST /api/appointments, the quick scheduling payload', () => {
  it("maps service, date and timeSlot, stores '9:00 AM' as '09:00', and records the activity", async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Chen', specialty: 'Dentistry' });
    const date = inDays(1);
    const response = await api(t.app, 'POST', '/api/appointments', quickSchedule(t, provider.id, { date }));
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

    expect(await activitiesOfPatient(t)).toEqual([
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
    const response = await api(t.app, 'POST', '/api/appointments', quickSchedule(t, provider.id, { timeSlot }));
    expect(response.status).toBe(201);
    expect(response.body.appointmentTime).toBe(stored);
  });

  it('accepts a date three months ahead and a payload without notes or status', async () => {
    const provider = await createProvider(t.db, t.userId);
    const date = format(addDays(new Date(), 90), 'yyyy-MM-dd');
    const response = await api(t.app, 'POST', '/api/appointments', quickSchedule(t, provider.id, { date, notes: undefined, status: undefined }));
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
    await expectRefused(t, 'POST', '/api/appointments', quickSchedule(t, provider.id, overrides), 400, message);
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
    const response = await api(t.app, 'POST', '/api/appointments', payload(t, provider.id, { careItemId: item.id }));
    expect(response.status).toBe(201);
    expect(response.body.careItemId).toBe(item.id);
    expect(await careItemsOfPatient(t)).toEqual(
      expect.arrayContaining([{ ...item, status: 'scheduled' }, untouched]),
    );
    expect(await activitiesOfPatient(t)).toEqual([expect.objectContaining({ iconType: 'calendar_today', relatedItemId: response.body.id })]);
  });

  it('leaves a completed care item completed, and accepts a careItemId of null', async () => {
    const provider = await createProvider(t.db, t.userId);
    const done = await createCareItem(t.db, t.userId, { status: 'completed', lastCompleted: '2026-01-05' });
    expect((await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { careItemId: done.id }))).status).toBe(201);
    expect((await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { careItemId: null }))).status).toBe(201);
    expect(await careItemsOfPatient(t)).toEqual([done]);
  });

  it('stores neither the appointment nor the care item change when the activity cannot be recorded', async () => {
    const provider = await createProvider(t.db, t.userId);
    const item = await createCareItem(t.db, t.userId);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'POST', '/api/appointments', quickSchedule(t, provider.id, { careItemId: item.id }), 500, INTERNAL_ERROR);
      await expectRefused(t, 'POST', '/api/appointments', scheduleNew(t, provider.id, { careItemId: item.id }), 500, INTERNAL_ERROR);
    });
  });

  it("answers 404 for another user's care item and one that does not exist, changing nothing", async () => {
    const provider = await createProvider(t.db, t.userId);
    const theirs = await createCareItem(t.db, t.otherUserId);
    await expectRefused(t, 'POST', '/api/appointments', scheduleNew(t, provider.id, { careItemId: theirs.id }), 404, 'Care item not found');
    await expectRefused(t, 'POST', '/api/appointments', quickSchedule(t, provider.id, { careItemId: theirs.id }), 404, 'Care item not found');
    await expectRefused(t, 'POST', '/api/appointments', scheduleNew(t, provider.id, { careItemId: 999 }), 404, 'Care item not found');
  });
});

describe('POST /api/appointments, refusals common to both payloads', () => {
  it.each([
    ['Schedule New', scheduleNew],
    ['quick scheduling', quickSchedule],
  ])("answers 404 for an unknown provider, another user's provider, and another user's id (%s)", async (_case, payload) => {
    const mine = await createProvider(t.db, t.userId);
    const theirs = await createProvider(t.db, t.otherUserId);
    // 101 to 103 are the quick dialog's fixed choices (part 2 §9 (docs/product.md#part-2-9)); they are not providers of this patient.
    await expectRefused(t, 'POST', '/api/appointments', payload(t, 101), 404, 'Provider not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(t, theirs.id), 404, 'Provider not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(t, mine.id, { userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(t, theirs.id, { userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/appointments', payload(t, mine.id, { userId: 999 }), 404, 'User not found');
  });

});
