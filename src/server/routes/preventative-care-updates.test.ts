import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/rules/patient';
import { inDays } from '../../testing/calendar-days';
import { createCareItem } from '../../testing/factories';
import { activitiesOfPatient, careItemsOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { users } from '../db/schema/index';
import { storedStatuses, today } from '../../testing/preventative-care-fixtures';

const t = useTestApp();

describe('PATCH /api/preventative-care/{id}', () => {
  it("completing an item sets lastCompleted to the patient's today, records the activity, and answers 200", async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Flu Shot', notes: 'Left arm' });
    const dayBefore = today();
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' });
    const dayAfter = today();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...item, status: 'completed', lastCompleted: response.body.lastCompleted });
    expect([dayBefore, dayAfter]).toContain(response.body.lastCompleted);
    // Care that does not recur is done: no next round.
    expect(await careItemsOfPatient(t)).toEqual([response.body]);

    expect(await activitiesOfPatient(t)).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'care_completed',
        description: 'Completed Flu Shot',
        iconType: 'check_circle',
        relatedItemId: item.id,
      }),
    ]);
  });

  it('completing an item keeps the lastCompleted date it is given', async () => {
    const item = await createCareItem(t.db, t.userId);
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed', lastCompleted: '2026-02-14' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...item, status: 'completed', lastCompleted: '2026-02-14' });
    expect(await activitiesOfPatient(t)).toEqual([expect.objectContaining({ iconType: 'check_circle', relatedItemId: item.id })]);
  });

  it('changes only the fields sent and records no activity for anything but completing', async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Eye Exam', recurringMonths: 24, notes: 'Bring glasses' });
    const dueDate = inDays(60);

    const renamed = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { careName: '  Vision Exam ', dueDate });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...item, careName: 'Vision Exam', dueDate });

    const scheduled = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'scheduled' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toEqual({ ...item, careName: 'Vision Exam', dueDate, status: 'scheduled' });

    const cleared = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { recurringMonths: '', notes: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ ...item, careName: 'Vision Exam', dueDate, status: 'scheduled', recurringMonths: null, notes: null });

    const recurring = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { recurringMonths: '12', lastCompleted: '2025-12-01' });
    expect(recurring.status).toBe(200);
    expect(recurring.body).toMatchObject({ recurringMonths: 12, lastCompleted: '2025-12-01', status: 'scheduled' });

    const recategorised = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { category: 'Vision' });
    expect(recategorised.status).toBe(200);
    expect(recategorised.body).toMatchObject({ category: 'Vision', careName: 'Vision Exam', status: 'scheduled' });

    expect(await activitiesOfPatient(t)).toEqual([]);
  });

  it('changes the category, and keeps it when the item is renamed', async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Dental Cleaning', category: 'Dental' });
    const changed = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { category: 'Specialty Care' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...item, category: 'Specialty Care' });
    const renamed = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { careName: 'Eye Exam' });
    expect(renamed.body).toEqual({ ...item, careName: 'Eye Exam', category: 'Specialty Care' });
    expect(await careItemsOfPatient(t)).toEqual([renamed.body]);
  });

  it("takes the status 'overdue' as upcoming: shown overdue only while the due date has passed", async () => {
    const future = await createCareItem(t.db, t.userId, { dueDate: inDays(30), status: 'scheduled' });
    const past = await createCareItem(t.db, t.userId, { dueDate: inDays(-30), status: 'completed', lastCompleted: inDays(-40) });
    const notYet = await api(t.app, 'PATCH', `/api/preventative-care/${future.id}`, { status: 'overdue' });
    expect(notYet.status).toBe(200);
    expect(notYet.body).toEqual({ ...future, status: 'upcoming' });
    const late = await api(t.app, 'PATCH', `/api/preventative-care/${past.id}`, { status: 'overdue' });
    expect(late.body).toEqual({ ...past, status: 'overdue' });
    expect(await storedStatuses(t)).toEqual([
      { id: future.id, status: 'upcoming' },
      { id: past.id, status: 'upcoming' },
    ]);
    expect(await activitiesOfPatient(t)).toEqual([]);
  });

  it('answers the status as shown: an upcoming item whose due date has passed is overdue', async () => {
    const item = await createCareItem(t.db, t.userId, { dueDate: inDays(-3) });
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { notes: 'Call the clinic' });
    expect(response.body).toEqual({ ...item, status: 'overdue', notes: 'Call the clinic' });
  });

  it('completing an item that is already completed changes nothing and records no second activity', async () => {
    const item = await createCareItem(t.db, t.userId, { status: 'completed', lastCompleted: '2026-01-10', recurringMonths: 12 });
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(item);
    expect(await careItemsOfPatient(t)).toEqual([item]);
    expect(await activitiesOfPatient(t)).toEqual([]);
  });

  it('completes an item once when two requests complete it at the same time', async () => {
    const item = await createCareItem(t.db, t.userId);
    const responses = await Promise.all([
      api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' }),
      api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const snapshot = await snapshotData(t.db);
    expect(snapshot.activities).toHaveLength(1);
  });

  it('leaves the item as it was when the completion cannot be recorded', async () => {
    const item = await createCareItem(t.db, t.userId);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' }, 500, INTERNAL_ERROR);
    });
  });

  it.each([
    ['an empty body', {}, 'Nothing to update'],
    ['an unknown status', { status: 'done' }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a capitalised status', { status: 'Completed' }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a status of null', { status: null }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['an unknown category', { category: 'Cardiology' }, 'category: must be one of Primary Care, Dental, Vision, Specialty Care'],
    ['a category of null', { category: null }, 'category: must be one of Primary Care, Dental, Vision, Specialty Care'],
    ['a blank care name', { careName: ' ' }, 'careName: Care name is required'],
    ['a care name of null', { careName: null }, 'careName: Care name is required'],
    ['an empty due date', { dueDate: '' }, 'dueDate: Due date is required'],
    ['an impossible due date', { dueDate: '2031-13-01' }, 'dueDate: Due date is required'],
    ['an impossible completion date', { status: 'completed', lastCompleted: '2026-02-30' }, 'lastCompleted: must be a date (yyyy-MM-dd)'],
    ['a recurrence that is not a number', { recurringMonths: 'often' }, 'recurringMonths: must be a whole number of months'],
    ['a recurrence of 0', { recurringMonths: 0 }, 'recurringMonths: must be at least 1 month'],
    ['notes over 2000 characters', { notes: 'n'.repeat(2001) }, 'notes: must be at most 2000 characters'],
  ])('refuses %s with 400', async (_case, payload, message) => {
    const item = await createCareItem(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/preventative-care/${item.id}`, payload, 400, message);
  });

  it("answers 404 for another user's item and one that does not exist, 400 for a malformed id", async () => {
    const theirs = await createCareItem(t.db, t.otherUserId);
    await expectRefused(t, 'PATCH', `/api/preventative-care/${theirs.id}`, { status: 'completed' }, 404, 'Care item not found');
    await expectRefused(t, 'PATCH', '/api/preventative-care/999', { status: 'completed' }, 404, 'Care item not found');
    for (const bad of ['abc', '0', '-1', '1e3', '1.5', '01', '2147483648']) {
      await expectRefused(t, 'PATCH', `/api/preventative-care/${bad}`, { status: 'completed' }, 400, 'id: must be a positive whole number');
    }
  });
});

describe('overdue is a fact of the date', () => {
  it('lists an upcoming item as overdue once its due day has passed, without rewriting its row', async () => {
    const yesterday = await createCareItem(t.db, t.userId, { careName: 'Flu Shot', dueDate: inDays(-1) });
    const dueToday = await createCareItem(t.db, t.userId, { careName: 'Skin Check', dueDate: today() });
    const tomorrow = await createCareItem(t.db, t.userId, { careName: 'Eye Exam', dueDate: inDays(1) });
    expect(await careItemsOfPatient(t)).toEqual([
      { ...yesterday, status: 'overdue' },
      dueToday,
      tomorrow,
    ]);
    expect((await storedStatuses(t)).map((item) => item.status)).toEqual(['upcoming', 'upcoming', 'upcoming']);
  });

  it('never shows a scheduled or completed item overdue, however far past its due date', async () => {
    const scheduled = await createCareItem(t.db, t.userId, { dueDate: '2020-01-01', status: 'scheduled' });
    const completed = await createCareItem(t.db, t.userId, { dueDate: '2020-02-01', status: 'completed', lastCompleted: '2020-01-20' });
    expect(await careItemsOfPatient(t)).toEqual([scheduled, completed]);
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${scheduled.id}`, { notes: 'Booked' });
    expect(response.body.status).toBe('scheduled');
  });

  it("measures overdue by the patient's own day, in their time zone, in the list and in answers", async () => {
    // UTC−12 and UTC+14 are 26 hours apart: at any moment the day in +14 is at least one later than in −12.
    const item = await createCareItem(t.db, t.userId, { dueDate: todayIn('Etc/GMT+12') });

    await t.db.update(users).set({ timeZone: 'Etc/GMT+12' }).where(eq(users.id, t.userId));
    expect(await careItemsOfPatient(t)).toEqual([item]);
    expect((await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { notes: 'West' })).body.status).toBe('upcoming');

    await t.db.update(users).set({ timeZone: 'Etc/GMT-14' }).where(eq(users.id, t.userId));
    expect(await careItemsOfPatient(t)).toEqual([{ ...item, notes: 'West', status: 'overdue' }]);
    expect((await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { notes: 'East' })).body.status).toBe('overdue');
  });
});
