import { addMonths, format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { inDays } from '../../testing/calendar-days';
import { createCareItem } from '../../testing/factories';
import { activitiesOfPatient, careItemsOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { today } from '../../testing/preventative-care-fixtures';

const t = useTestApp();

/** A calendar date `months` after `day`, by the calendar. */
const monthsAfter = (day: string, months: number) => format(addMonths(parseISO(day), months), 'yyyy-MM-dd');

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

    expect(await careItemsOfPatient(t)).toEqual([
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
    expect(await activitiesOfPatient(t)).toEqual([
      expect.objectContaining({ activityType: 'care_completed', description: 'Completed Dental Cleaning', relatedItemId: item.id }),
    ]);
  });

  it('counts the interval from the completion date given, and the changes sent with it', async () => {
    const item = await createCareItem(t.db, t.userId, { careName: 'Eye Exam', recurringMonths: 24, dueDate: inDays(5) });
    const completedOn = inDays(-400);
    const response = await complete(item.id, { lastCompleted: completedOn, recurringMonths: '12', careName: 'Vision Exam' });
    expect(response.body).toEqual({ ...item, careName: 'Vision Exam', recurringMonths: 12, status: 'completed', lastCompleted: completedOn });
    const [next] = (await careItemsOfPatient(t)).filter((listed: { id: number }) => listed.id !== item.id);
    // Completed over a year ago every 12 months: the next round is already overdue.
    expect(next).toMatchObject({ careName: 'Vision Exam', recurringMonths: 12, dueDate: monthsAfter(completedOn, 12), lastCompleted: completedOn, status: 'overdue' });
  });

  it('adds no round for care that does not recur, nor when the completion also clears the recurrence', async () => {
    const once = await createCareItem(t.db, t.userId, { careName: 'Colonoscopy' });
    const cleared = await createCareItem(t.db, t.userId, { careName: 'Flu Shot', recurringMonths: 12 });
    expect((await complete(once.id)).status).toBe(200);
    expect((await complete(cleared.id, { recurringMonths: '' })).status).toBe(200);
    expect((await careItemsOfPatient(t)).map((item: { id: number }) => item.id).sort()).toEqual([once.id, cleared.id]);
  });

  it('adds no second round when a completed item is completed again', async () => {
    const item = await createCareItem(t.db, t.userId, { recurringMonths: 12 });
    expect((await complete(item.id)).status).toBe(200);
    expect((await complete(item.id)).status).toBe(200);
    expect(await careItemsOfPatient(t)).toHaveLength(2);
    expect(await activitiesOfPatient(t)).toHaveLength(1);
  });

  it('adds one round when two requests complete the item at the same time', async () => {
    const item = await createCareItem(t.db, t.userId, { recurringMonths: 12 });
    const responses = await Promise.all([complete(item.id), complete(item.id)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(await careItemsOfPatient(t)).toHaveLength(2);
    expect(await activitiesOfPatient(t)).toHaveLength(1);
  });

  it('neither completes the item nor adds its next round when the activity cannot be recorded', async () => {
    const item = await createCareItem(t.db, t.userId, { recurringMonths: 6 });
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'PATCH', `/api/preventative-care/${item.id}`, { status: 'completed' }, 500, INTERNAL_ERROR);
    });
  });
});
