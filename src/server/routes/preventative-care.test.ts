import { describe, expect, it } from 'vitest';
import { inDays } from '../../testing/calendar-days';
import { createCareItem } from '../../testing/factories';
import { activitiesOfPatient, careItemsOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { storedStatuses, today } from '../../testing/preventative-care-fixtures';

// Listing and adding care items. Editing them and overdue: preventative-care-updates.test.ts; completing recurring
// care: preventative-care-recurring.test.ts.

const t = useTestApp();

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
    const earliest = await createCareItem(t.db, t.userId, { careName: 'Blood Pressure Check', dueDate: '2024-01-15', status: 'upcoming' });
    await createCareItem(t.db, t.otherUserId, { careName: 'Theirs', dueDate: '2020-01-01' });

    const response = await api(t.app, 'GET', `/api/preventative-care/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((item: { id: number }) => item.id)).toEqual([earliest.id, soonFirst.id, soonSecond.id, later.id]);
    expect(response.body.map((item: { status: string }) => item.status)).toEqual(['overdue', 'upcoming', 'scheduled', 'upcoming']);
    expect(response.body[1]).toEqual({
      id: soonFirst.id,
      userId: t.userId,
      careName: 'Flu Shot',
      category: 'Primary Care',
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
      category: 'Dental',
      dueDate,
      status: 'upcoming',
      recurringMonths: 6,
      lastCompleted: null,
      notes: 'Ask about whitening',
    };
    expect(response.body).toEqual(created);
    expect((await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body).toEqual([created]);

    expect(await activitiesOfPatient(t)).toEqual([
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
      category: 'Primary Care',
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

  it.each([
    ['overdue', 'upcoming'],
    ['scheduled', 'scheduled'],
    ['upcoming', 'upcoming'],
    ['completed', 'completed'],
  ])("accepts the status '%s' and stores it as '%s'", async (status, stored) => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ status }));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe(stored);
    expect(await storedStatuses(t)).toEqual([{ id: response.body.id, status: stored }]);
  });

  it("stores 'overdue' as upcoming, and shows it overdue while its due date has passed", async () => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ status: 'overdue', dueDate: inDays(-5) }));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('overdue');
    expect(await storedStatuses(t)).toEqual([{ id: response.body.id, status: 'upcoming' }]);
    expect((await careItemsOfPatient(t)).map((item: { status: string }) => item.status)).toEqual(['overdue']);
  });

  it.each([
    ['Dental Cleaning', 'Dental'],
    ['Teeth whitening check', 'Dental'],
    ['Eye Examination', 'Vision'],
    ['Vision Screening', 'Vision'],
    ['Colonoscopy', 'Primary Care'],
  ])("takes the category of '%s' from its name when none is chosen: %s", async (careName, category) => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ careName }));
    expect(response.status).toBe(201);
    expect(response.body.category).toBe(category);
    expect((await careItemsOfPatient(t))[0].category).toBe(category);
  });

  it.each(['Primary Care', 'Dental', 'Vision', 'Specialty Care'])("stores the category '%s' the patient chooses", async (category) => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ careName: 'Dental Cleaning', category }));
    expect(response.status).toBe(201);
    expect(response.body.category).toBe(category);
    expect((await careItemsOfPatient(t))[0].category).toBe(category);
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

  it('accepts a past due date: an item due yesterday is overdue the day it is recorded, one due today is upcoming', async () => {
    const yesterday = await api(t.app, 'POST', '/api/preventative-care', newItem({ careName: 'Flu Shot', dueDate: inDays(-1) }));
    expect(yesterday.status).toBe(201);
    expect(yesterday.body.status).toBe('overdue');
    const dueToday = await api(t.app, 'POST', '/api/preventative-care', newItem({ careName: 'Skin Check', dueDate: today() }));
    expect(dueToday.status).toBe(201);
    expect(dueToday.body.status).toBe('upcoming');
    const yearsAgo = await api(t.app, 'POST', '/api/preventative-care', newItem({ careName: 'Colonoscopy', dueDate: '2000-01-01' }));
    expect(yearsAgo.body.status).toBe('overdue');

    expect((await careItemsOfPatient(t)).map((item: { careName: string; status: string }) => [item.careName, item.status])).toEqual([
      ['Colonoscopy', 'overdue'],
      ['Flu Shot', 'overdue'],
      ['Skin Check', 'upcoming'],
    ]);
    expect((await storedStatuses(t)).map((item) => item.status)).toEqual(['upcoming', 'upcoming', 'upcoming']);
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
    ['an unknown status', { status: 'due now' }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a capitalised status', { status: 'Upcoming' }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['a status of null', { status: null }, 'status: must be one of overdue, scheduled, upcoming, completed'],
    ['an unknown category', { category: 'Cardiology' }, 'category: must be one of Primary Care, Dental, Vision, Specialty Care'],
    ['a category in another case', { category: 'dental' }, 'category: must be one of Primary Care, Dental, Vision, Specialty Care'],
    ['a category of null', { category: null }, 'category: must be one of Primary Care, Dental, Vision, Specialty Care'],
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
