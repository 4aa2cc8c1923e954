import { addMonths, format, parseISO } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/rules/patient';
import { inDays } from '../../testing/calendar-days';
import { createAppointment, createCareItem, createProvider } from '../../testing/factories';
import { activitiesOfPatient, careItemsOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { type preventativeCare, users } from '../db/schema/index';
import { scheduleNew } from '../../testing/appointment-fixtures';

const t = useTestApp();

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
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'upcoming' }]);
  });

  it('opens the item again as overdue when its due date has passed', async () => {
    const { item, appointment } = await bookedCareItem({ dueDate: inDays(-3) });
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'overdue' }]);
  });

  it("shows the reopened item overdue by the patient's own day, in their time zone", async () => {
    // UTC−12 and UTC+14 are 26 hours apart: at any moment the day in +14 is at least one later than in −12.
    const { item, appointment } = await bookedCareItem({ dueDate: todayIn('Etc/GMT+12') });
    await t.db.update(users).set({ timeZone: 'Etc/GMT+12' }).where(eq(users.id, t.userId));
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'upcoming' }]);
    // Overdue is read from the date, not written when the visit is cancelled: the same row, seen a day later.
    await t.db.update(users).set({ timeZone: 'Etc/GMT-14' }).where(eq(users.id, t.userId));
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'overdue' }]);
  });

  it('keeps the item scheduled while another appointment still books it', async () => {
    const { provider, item, appointment } = await bookedCareItem();
    await createAppointment(t.db, t.userId, provider.id, { appointmentDate: inDays(12), careItemId: item.id });
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([item]);
  });

  it('leaves an item completed meanwhile completed when the appointment is cancelled', async () => {
    const { item, appointment } = await bookedCareItem({ status: 'completed', lastCompleted: inDays(-1) });
    expect((await setStatus(appointment.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([item]);
  });

  it('completes the item on the day of the visit, with its activity, when the appointment is completed', async () => {
    const { item, appointment } = await bookedCareItem({}, inDays(-2));
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'completed', lastCompleted: inDays(-2) }]);
    expect(await activitiesOfPatient(t)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityType: 'appointment_completed', relatedItemId: appointment.id }),
        expect.objectContaining({ activityType: 'care_completed', description: 'Completed Colonoscopy', relatedItemId: item.id }),
      ]),
    );
    expect(await activitiesOfPatient(t)).toHaveLength(2);
  });

  it('completes the item today when a later appointment is marked completed early', async () => {
    const { item, appointment } = await bookedCareItem({}, inDays(10));
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'completed', lastCompleted: todayIn(null) }]);
  });

  it('keeps an item completed before with its own date and records no second completion nor a second round', async () => {
    const { item, appointment } = await bookedCareItem({ status: 'completed', lastCompleted: inDays(-30), recurringMonths: 12 });
    expect((await setStatus(appointment.id, 'completed')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([item]);
    expect(await activitiesOfPatient(t)).toEqual([expect.objectContaining({ activityType: 'appointment_completed' })]);
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
    expect(await careItemsOfPatient(t)).toEqual([completed, nextRound]);
    // The appointment keeps the item of its own visit.
    const [visit] = (await api(t.app, 'GET', `/api/appointments/${t.userId}`)).body;
    expect(visit.careItemId).toBe(item.id);
    expect(await activitiesOfPatient(t)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityType: 'appointment_completed', relatedItemId: appointment.id }),
        expect.objectContaining({ activityType: 'care_completed', relatedItemId: item.id }),
      ]),
    );
    expect(await activitiesOfPatient(t)).toHaveLength(2);
  });

  it('adds one round when two appointments for the same item are completed at the same time', async () => {
    const { provider, item, appointment } = await bookedCareItem({ recurringMonths: 6 });
    const second = await createAppointment(t.db, t.userId, provider.id, { appointmentDate: inDays(11), careItemId: item.id });
    const responses = await Promise.all([setStatus(appointment.id, 'completed'), setStatus(second.id, 'completed')]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const items = await careItemsOfPatient(t);
    expect(items.map((listed: { id: number; status: string }) => [listed.id, listed.status])).toEqual([
      [item.id, 'completed'],
      [item.id + 1, 'upcoming'],
    ]);
    const careActivities = (await activitiesOfPatient(t)).filter((activity: { activityType: string }) => activity.activityType === 'care_completed');
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
    const booked = await api(t.app, 'POST', '/api/appointments', scheduleNew(t, provider.id, { careItemId: item.id }));
    expect(booked.body.careItemId).toBe(item.id);
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'scheduled' }]);
    expect((await setStatus(booked.body.id, 'cancelled')).status).toBe(200);
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, status: 'upcoming' }]);
  });
});
