import { addDays, addMonths, format, parseISO } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/rules/patient';
import { createCareItem } from '../../testing/factories';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { preventativeCare, users } from '../db/schema/index';

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

async function careItemsOfPatient() {
  return (await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body;
}

/** The statuses as stored, by id: 'overdue' is never among them. */
async function storedStatuses() {
  return t.db.select({ id: preventativeCare.id, status: preventativeCare.status }).from(preventativeCare).orderBy(asc(preventativeCare.id));
}

/** The patient's today: the test patient gives no time zone, so it is the machine's. */
const today = () => todayIn(null);

/** A calendar date `months` after `day`, by the calendar. */
const monthsAfter = (day: string, months: number) => format(addMonths(parseISO(day), months), 'yyyy-MM-dd');



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
    expect(await storedStatuses()).toEqual([{ id: response.body.id, status: stored }]);
  });

  it("stores 'overdue' as upcoming, and shows it overdue while its due date has passed", async () => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ status: 'overdue', dueDate: inDays(-5) }));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('overdue');
    expect(await storedStatuses()).toEqual([{ id: response.body.id, status: 'upcoming' }]);
    expect((await careItemsOfPatient()).map((item: { status: string }) => item.status)).toEqual(['overdue']);
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
    expect((await careItemsOfPatient())[0].category).toBe(category);
  });

  it.each(['Primary Care', 'Dental', 'Vision', 'Specialty Care'])("stores the category '%s' the patient chooses", async (category) => {
    const response = await api(t.app, 'POST', '/api/preventative-care', newItem({ careName: 'Dental Cleaning', category }));
    expect(response.status).toBe(201);
    expect(response.body.category).toBe(category);
    expect((await careItemsOfPatient())[0].category).toBe(category);
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

    expect((await careItemsOfPatient()).map((item: { careName: string; status: string }) => [item.careName, item.status])).toEqual([
      ['Colonoscopy', 'overdue'],
      ['Flu Shot', 'overdue'],
      ['Skin Check', 'upcoming'],
    ]);
    expect((await storedStatuses()).map((item) => item.status)).toEqual(['upcoming', 'upcoming', 'upcoming']);
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
    expect(await careItemsOfPatient()).toEqual([response.body]);

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

    const recategorised = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { category: 'Vision' });
    expect(recategorised.status).toBe(200);
    expect(recategorised.body).toMatchObject({ category: 'Vision', careName: 'Vision Exam', status: 'scheduled' });

    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('changes the category, and keeps it when the item is renamed', async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Dental Cleaning', category: 'Dental' });
    const changed = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { category: 'Specialty Care' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...item, category: 'Specialty Care' });
    const renamed = await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { careName: 'Eye Exam' });
    expect(renamed.body).toEqual({ ...item, careName: 'Eye Exam', category: 'Specialty Care' });
    expect(await careItemsOfPatient()).toEqual([renamed.body]);
  });

  it("takes the status 'overdue' as upcoming: shown overdue only while the due date has passed", async () => {
    const future = await createCareItem(t.db, t.userId, { dueDate: inDays(30), status: 'scheduled' });
    const past = await createCareItem(t.db, t.userId, { dueDate: inDays(-30), status: 'completed', lastCompleted: inDays(-40) });
    const notYet = await api(t.app, 'PATCH', `/api/preventative-care/${future.id}`, { status: 'overdue' });
    expect(notYet.status).toBe(200);
    expect(notYet.body).toEqual({ ...future, status: 'upcoming' });
    const late = await api(t.app, 'PATCH', `/api/preventative-care/${past.id}`, { status: 'overdue' });
    expect(late.body).toEqual({ ...past, status: 'overdue' });
    expect(await storedStatuses()).toEqual([
      { id: future.id, status: 'upcoming' },
      { id: past.id, status: 'upcoming' },
    ]);
    expect(await activitiesOfPatient()).toEqual([]);
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
    expect(await careItemsOfPatient()).toEqual([item]);
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
    expect(await careItemsOfPatient()).toEqual([
      { ...yesterday, status: 'overdue' },
      dueToday,
      tomorrow,
    ]);
    expect((await storedStatuses()).map((item) => item.status)).toEqual(['upcoming', 'upcoming', 'upcoming']);
  });

  it('never shows a scheduled or completed item overdue, however far past its due date', async () => {
    const scheduled = await createCareItem(t.db, t.userId, { dueDate: '2020-01-01', status: 'scheduled' });
    const completed = await createCareItem(t.db, t.userId, { dueDate: '2020-02-01', status: 'completed', lastCompleted: '2020-01-20' });
    expect(await careItemsOfPatient()).toEqual([scheduled, completed]);
    const response = await api(t.app, 'PATCH', `/api/preventative-care/${scheduled.id}`, { notes: 'Booked' });
    expect(response.body.status).toBe('scheduled');
  });

  it("measures overdue by the patient's own day, in their time zone, in the list and in answers", async () => {
    // UTC−12 and UTC+14 are 26 hours apart: at any moment the day in +14 is at least one later than in −12.
    const item = await createCareItem(t.db, t.userId, { dueDate: todayIn('Etc/GMT+12') });

    await t.db.update(users).set({ timeZone: 'Etc/GMT+12' }).where(eq(users.id, t.userId));
    expect(await careItemsOfPatient()).toEqual([item]);
    expect((await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { notes: 'West' })).body.status).toBe('upcoming');

    await t.db.update(users).set({ timeZone: 'Etc/GMT-14' }).where(eq(users.id, t.userId));
    expect(await careItemsOfPatient()).toEqual([{ ...item, notes: 'West', status: 'overdue' }]);
    expect((await api(t.app, 'PATCH', `/api/preventative-care/${item.id}`, { notes: 'East' })).body.status).toBe('overdue');
  });
});

describe('completing recurring care brings it back for the next round', () => {
  const complete = (id: number, body: Record<string, unknown> = {}) =>
    api(t.app, 'PATCH', `/api/preventative-care/${id}`, { status: 'completed', ...body });

  it('keeps the completed item and adds a new one, due recurringMonths after the completion, with one activity', async () => {
    const item = await createCareItem(t.db, t.userId, {
      careName: 'Dental Cleaning',
      category: 'Specialty Care',
      dueDate: inDays(-20),
      recurringMonths: 6,
      lastCompleted: '2025-01-01',
      notes: 'Ask about whitening',
    });
    const dayBefore = today();
    const response = await complete(item.id);
    const dayAfter = today();
    expect(response.status).toBe(200);
    const completedOn = response.body.lastCompleted;
    expect([dayBefore, dayAfter]).toContain(completedOn);
    expect(response.body).toEqual({ ...item, status: 'completed', lastCompleted: completedOn });

    expect(await careItemsOfPatient()).toEqual([
      response.body,
      {
        id: item.id + 1,
        userId: t.userId,
        careName: 'Dental Cleaning',
        category: 'Specialty Care',
        dueDate: monthsAfter(completedOn, 6),
        status: 'upcoming',
        recurringMonths: 6,
        lastCompleted: completedOn,
        notes: 'Ask about whitening',
      },
    ]);
    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({ activityType: 'care_completed', description: 'Completed Dental Cleaning', relatedItemId: item.id }),
    ]);
  });

  it('counts the interval from the completion date given, and the changes sent with it', async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Eye Exam', recurringMonths: 24, dueDate: inDays(5) });
    const completedOn = inDays(-400);
    const response = await complete(item.id, { lastCompleted: completedOn, recurringMonths: '12', careName: 'Vision Exam' });
    expect(response.body).toEqual({ ...item, careName: 'Vision Exam', recurringMonths: 12, status: 'completed', lastCompleted: completedOn });
    const [next] = (await careItemsOfPatient()).filter((listed: { id: number }) => listed.id !== item.id);
    // Completed over a year ago every 12 months: the next round is already overdue.
    expect(next).toMatchObject({ careName: 'Vision Exam', recurringMonths: 12, dueDate: monthsAfter(completedOn, 12), lastCompleted: completedOn, status: 'overdue' });
  });

  it('adds no round for care that does not recur, nor when the completion also clears the recurrence', async () => {
    const once = await createCareItem(t.db, t.userId, { careName: 'Colonoscopy' });
    const cleared = await createCareItem(t.db, t.userId, { careName: 'Flu Shot', recurringMonths: 12 });
    expect((await complete(once.id)).status).toBe(200);
    expect((await complete(cleared.id, { recurringMonths: '' })).status).toBe(200);
    expect((await careItemsOfPatient()).map((item: { id: number }) => item.id).sort()).toEqual([once.id, cleared.id]);
  });

  it('adds no second round when a completed item is completed again', async () => {
    const item = await createCareItem(t.db, t.userId, { recurringMonths: 12 });
    expect((await complete(item.id)).status).toBe(200);
    expect((await complete(item.id)).status).toBe(200);
    expect(await careItemsOfPatient()).toHaveLength(2);
    expect(await activitiesOfPatient()).toHaveLength(1);
  });

  it('adds one round when two requests complete the item at the same time', async () => {
    const item = await createCareItem(t.db, t.userId, { recurringMonths: 12 });
    const responses = await Promise.all([complete(item.id), complete(item.id)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(await careItemsOfPatient()).toHaveLength(2);
    expect(await activitiesOfPatient()).toHaveLength(1);
  });

  it('neither completes the item nor adds its next round when the activity cannot be recorded', async () => {
    const item = await createCareItem(t.db, t.userId, { recurringMonths: 6 });
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' }, 500, INTERNAL_ERROR);
    });
  });
});
