import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, format, parseISO } from 'date-fns';
import { createCareItem, createObservation } from '../../testing/factories';
import { api, expectRefused, useTestApp } from '../../testing/test-app';
import { users } from '../db/schema/index';

// A reading that is a screening counts as it once the patient confirms (issue 35): POST /api/observations/{id}/screening.

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const LDL = '18262-6';
const A1C = '4548-4';
const GLUCOSE = '2345-7';
const plusMonths = (day: string, months: number) => format(addMonths(parseISO(day), months), 'yyyy-MM-dd');

const confirm = (id: number) => api(t.app, 'POST', `/api/observations/${id}/screening`);
const careItems = async () => (await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body as { id: number; careName: string; status: string; dueDate: string; lastCompleted: string | null }[];
const recommendation = async (id: string) =>
  ((await api(t.app, 'GET', `/api/preventative-care/recommendations/${t.userId}`)).body.rows as { id: string; status: string; dueDate: string | null }[]).find((row) => row.id === id);

describe('a reading counted as its screening', () => {
  it('records a blood pressure reading as the screening done on its day, which comes back for its next round', async () => {
    const takenAt = new Date(Date.now() - 3 * DAY);
    const day = takenAt.toISOString().slice(0, 10);
    const reading = await createObservation(t.db, t.userId, { takenAt });
    expect((await recommendation('blood-pressure'))?.status).toBe('Due Now');

    const counted = await confirm(reading.id);
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ userId: t.userId, careName: 'Blood pressure screening', status: 'completed', lastCompleted: day, notes: 'Counted from your blood pressure reading.' });
    expect(await careItems()).toEqual([
      expect.objectContaining({ id: counted.body.id, status: 'completed', lastCompleted: day }),
      expect.objectContaining({ careName: 'Blood pressure screening', status: 'upcoming', dueDate: plusMonths(day, 24), lastCompleted: day }),
    ]);
    expect(await recommendation('blood-pressure')).toMatchObject({ status: 'Completed', dueDate: plusMonths(day, 24) });
    const [activity] = (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
    expect(activity).toMatchObject({ activityType: 'care_completed', relatedItemId: counted.body.id });

    // Confirmed twice (a second tab, a double press), it counts once.
    const again = await confirm(reading.id);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(counted.body.id);
    expect(await careItems()).toHaveLength(2);
  });

  it('completes the patient’s own open item for the screening, on the reading’s day in their time zone', async () => {
    await t.db.update(users).set({ dateOfBirth: '1970-05-01', timeZone: 'America/New_York' }).where(eq(users.id, t.userId));
    const open = await createCareItem(t.db, t.userId, { careName: 'Lipid panel', dueDate: '2030-01-15', recurringMonths: 60 });
    // 03:00 UTC is the evening before in New York.
    const takenAt = new Date(Date.now() - 10 * DAY);
    takenAt.setUTCHours(3, 0, 0, 0);
    const day = new Date(takenAt.getTime() - DAY).toISOString().slice(0, 10);
    const ldl = await createObservation(t.db, t.userId, { kind: 'laboratory', code: LDL, takenAt, valueType: 'quantity', value: 162, secondValue: null, unit: 'mg/dL', chartValue: 162, secondChartValue: null });

    const counted = await confirm(ldl.id);
    expect(counted.body).toMatchObject({ id: open.id, careName: 'Lipid panel', status: 'completed', lastCompleted: day });
    expect((await careItems()).map((item) => [item.careName, item.status, item.dueDate])).toEqual([
      ['Lipid panel', 'completed', '2030-01-15'],
      ['Lipid panel', 'upcoming', plusMonths(day, 60)],
    ]);
    expect((await recommendation('cholesterol'))?.status).toBe('Completed');
  });

  it('counts an A1c as the diabetes screening, and keeps a later record of it as it is', async () => {
    const a1c = await createObservation(t.db, t.userId, { kind: 'laboratory', code: A1C, takenAt: new Date(Date.now() - 40 * DAY), valueType: 'quantity', value: 5.4, secondValue: null, unit: '%', chartValue: 5.4, secondChartValue: null });
    const later = new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10);
    const done = await createCareItem(t.db, t.userId, { careName: 'A1c test', dueDate: later, status: 'completed', lastCompleted: later });
    const counted = await confirm(a1c.id);
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ id: done.id, lastCompleted: later });
    expect(await careItems()).toHaveLength(1);
  });

  it('refuses a reading that is no screening, another patient’s, or none, and changes nothing', async () => {
    const glucose = await createObservation(t.db, t.userId, { kind: 'laboratory', code: GLUCOSE, valueType: 'quantity', value: 94, secondValue: null, unit: 'mg/dL', chartValue: 94, secondChartValue: null });
    await expectRefused(t, 'POST', `/api/observations/${glucose.id}/screening`, undefined, 400, "Glucose is no screening: a blood pressure, a lipid panel's test or an A1c is");
    const theirs = await createObservation(t.db, t.otherUserId);
    await expectRefused(t, 'POST', `/api/observations/${theirs.id}/screening`, undefined, 404, 'Observation not found');
    await expectRefused(t, 'POST', '/api/observations/999999/screening', undefined, 404, 'Observation not found');
  });
});
