import { addDays, format, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { createCareItem } from '../../testing/factories';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

const t = useTestApp();

/** A calendar date some days from now, so the tests keep passing in later years. */
const inDays = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

/** A complete POST /api/preventative-care payload as the Add Care Item dialog sends it. */
function newItem(overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    careName: 'Dental Cleaning',
    dueDate: inDays(30),
    status: 'upcoming',
    recurringMonths: '6',
    notes: 'Ask about whitening',
    ...overrides,
  };
}


async function activitiesOfPatient() {
  return (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
}



describe('GET /api/preventative-care/{userId}', () => {
  it('lists the patient’s care items by due date, then by id, with every field', async () => {
    const later = await createCareItem(t.db, t.userId, { careName: 'Colonoscopy', dueDate: '2031-06-01' });
    const soonFirst = await createCareItem(t.db, t.userId, {
      careName: 'Flu Shot',
      dueDate: '2030-10-01',
      recurringMonths: 12,
      lastCompleted: '2029-10-03',
      notes: 'Left arm',
    });
    const soonSecond = await createCareItem(t.db, t.userId, { careName: 'Eye Exam', dueDate: '2030-10-01', status: 'scheduled' });
    const earliest = await createCareItem(t.db, t.userId, { careName: 'Blood Pressure Check', dueDate: '2024-01-15', status: 'overdue' });
    await createCareItem(t.db, t.otherUserId, { careName: 'Theirs', dueDate: '2020-01-01' });

    const response = await api(t.app, 'GET', `/api/preventative-care/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((item: { id: number }) => item.id)).toEqual([earliest.id, soonFirst.id, soonSecond.id, later.id]);
    expect(response.body[1]).toEqual({
      id: soonFirst.id,
      userId: t.userId,
      careName: 'Flu Shot',
      dueDate: '2030-10-01',
      status: 'upcoming',
      recurringMonths: 12,
      lastCompleted: '2029-10-03',
      notes: 'Left arm',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list when the patient has no care items', async () => {
    await createCareItem(t.db, t.otherUserId);
    const response = await api(t.app, 'GET', `/api/preventative-care/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers 404 for another user and one that does not exist, 400 for a malformed id', async () => {
    await createCareItem(t.db, t.otherUserId);
    await expectRefused(t, 'GET', `/api/preventative-care/${t.otherUserId}`, undefined, 404, 'User not found');
    await expectRefused(t, 'GET', '/api/preventative-care/999', undefined, 404, 'User not found');
    for (const bad of ['abc', '0', '-1', '1e3', '1.5', '01', '2147483648']) {
      await expectRefused(t, 'GET', `/api/preventative-care/${bad}`, undefined, 400, 'userId: must be a positive whole number');
    }
  });
});

describe('POST /api/preventative-care', () => {
  it('stores the item, records the activity, and answers 201 with the created row', async () => {
    const dueDate = inDays(30);
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ dueDate }));
    expect(response.status).toBe(201);
    const created = {
      id: 1,
      userId: t.userId,
      careName: 'Dental Cleaning',
      dueDate,
      status: 'upcoming',
      recurringMonths: 6,
      lastCompleted: null,
      notes: 'Ask about whitening',
    };
    expect(response.body).toEqual(created);
    expect((await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body).toEqual([created]);

    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'care_added',
        description: 'Added Dental Cleaning to your preventative care',
        iconType: 'notifications',
        relatedItemId: 1,
      }),
    ]);
  });

  it("defaults the status to 'upcoming' and stores no recurrence or notes when they are left out", async () => {
    const dueDate = inDays(90);
    const response = await api(t.app, 'POST', '/api/preventative-care', {
      userId: t.userId,
      careName: 'Skin Check',
      dueDate,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: 1,
      userId: t.userId,
      careName: 'Skin Check',
      dueDate,
      status: 'upcoming',
      recurringMonths: null,
      lastCompleted: null,
      notes: null,
    });
  });

  it.each([
    ['a number', 12, 12],
    ['a string, as the form enters it', '12', 12],
    ['an empty string, meaning it does not recur', '', null],
    ['null', null, null],
    ['the smallest recurrence', 1, 1],
    ['the largest recurrence', '1200', 1200],
  ])('takes recurringMonths given as %s', async (_case, recurringMonths, stored) => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ recurringMonths }));
    expect(response.status).toBe(201);
    expect(response.body.recurringMonths).toBe(stored);
    const [item] = (await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body;
    expect(item.recurringMonths).toBe(stored);
  });

  it.each(['overdue', 'scheduled', 'upcoming', 'completed'])("accepts the status '%s'", async (status) => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ status }));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe(status);
  });

  it('trims the name, stores empty notes as none, and keeps the written day of a date-time', async () => {
    const day = inDays(20);
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({
      careName: '  Mammogram  ',
      notes: '   ',
      dueDate: `${day}T23:30:00-05:00`,
    }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ careName: 'Mammogram', notes: null, dueDate: day });
  });

  it('accepts a due date of today, and of yesterday in UTC for a patient west of it, but not before', async () => {
    const today = await api(t.app, 'POST', '/api/preventative-care', newItem({ dueDate: todayUtc() }));
    expect(today.status).toBe(201);
    const yesterday = await api(t.app, 'POST', '/api/preventative-care', newItem({ dueDate: todayUtc(subDays(new Date(), 1)) }));
    expect(yesterday.status).toBe(201);
    await expectRefused(t, 
      'POST',
      '/api/preventative-care',
      newItem({ dueDate: todayUtc(subDays(new Date(), 2)) }),
      400,
      'dueDate: Due date must be in the future',
    );
  });

  it('stores no item when its activity cannot be recorded', async () => {
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'POST', '/api/preventative-care', newItem(), 500, INTERNAL_ERROR);
    });
  });

  it.each([
    ['a missing care name', { careName: undefined }, 'careName: Care name is required'],
    ['a blank care name', { careName: '   ' }, 'careName: Care name is required'],
    ['a care name over 200 characters', { careName: 'C'.repeat(201) }, 'careName: must be at most 200 characters'],
    ['a missing due date', { dueDate: undefined }, 'dueDate: Due date is required'],
    ['an empty due date', { dueDate: '' }, 'dueDate: Due date is required'],
    ['an impossible due date', { dueDate: '2031-02-30' }, 'dueDate: Due date is required'],
    ['a due date in another format', { dueDate: '03/01/2031' }, 'dueDate: Due date is required'],
    ['a due date last month', { dueDate: format(subDays(new Date(), 30), 'yyyy-MM-dd') }, 'dueDate: Due date must be in the future'],
    ['a due date years ago', { dueDate: '2000-01-01' }, 'dueDate: Due date must be in the future'],
    ['an unknown status', { status: 'due now' }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a capitalised status', { status: 'Upcoming' }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a status of null', { status: null }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a recurrence that is not a number', { recurringMonths: 'yearly' }, 'recurringMonths: must be a whole number of months'],
    ['a fractional recurrence', { recurringMonths: 1.5 }, 'recurringMonths: must be a whole number of months'],
    ['a fractional recurrence as text', { recurringMonths: '12.5' }, 'recurringMonths: must be a whole number of months'],
    ['a negative recurrence as text', { recurringMonths: '-6' }, 'recurringMonths: must be a whole number of months'],
    ['a recurrence of 0', { recurringMonths: 0 }, 'recurringMonths: must be at least 1 month'],
    ['a recurrence of 0 as text', { recurringMonths: '0' }, 'recurringMonths: must be at least 1 month'],
    ['a recurrence over 100 years', { recurringMonths: 1201 }, 'recurringMonths: must be at most 1200 months'],
    ['notes over 2000 characters', { notes: 'n'.repeat(2001) }, 'notes: must be at most 2000 characters'],
    ['a missing user id', { userId: undefined }, 'userId: must be a positive whole number'],
    ['a string user id', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    await expectRefused(t, 'POST', '/api/preventative-care', newItem(overrides), 400, message);
  });


  it("answers 404 for another user's id and one that does not exist", async () => {
    await expectRefused(t, 'POST', '/api/preventative-care', newItem({ userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/preventative-care', newItem({ userId: 999 }), 404, 'User not found');
  });
});

describe('PATCH /api/preventative-care/{id}', () => {
  it("completing an item sets lastCompleted to today (UTC), records the activity, and answers 200", async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Flu Shot', recurringMonths: 12, notes: 'Left arm' });
    const dayBefore = todayUtc();
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' });
    const dayAfter = todayUtc();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...item, status: 'completed', lastCompleted: response.body.lastCompleted });
    expect([dayBefore, dayAfter]).toContain(response.body.lastCompleted);
    expect((await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body).toEqual([response.body]);

    expect(await activitiesOfPatient()).toEqual([
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
    expect(await activitiesOfPatient()).toEqual([expect.objectContaining({ iconType: 'check_circle', relatedItemId: item.id })]);
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

    const overdue = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'overdue' });
    expect(overdue.body.status).toBe('overdue');

    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('completing an item that is already completed changes nothing and records no second activity', async () => {
    const item = await createCareItem(t.db, t.userId, { status: 'completed', lastCompleted: '2026-01-10' });
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(item);
    expect(await activitiesOfPatient()).toEqual([]);
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
