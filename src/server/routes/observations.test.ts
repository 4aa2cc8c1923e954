import { TZDate } from '@date-fns/tz';
import { startOfDay, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { measureOf, measuresOfKind } from '../../shared/rules/measures';
import { createMedicalRecord, createObservation } from '../../testing/factories';
import { api, expectRefused, useTestApp } from '../../testing/test-app';
import { observations } from '../db/schema/index';

const t = useTestApp();

const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const GLUCOSE = measureOf('2339-0')!.loinc;
const BLOOD_PRESSURE = '85354-9';
const WEIGHT = '29463-7';
const TEMPERATURE = '8310-5';
const LDL = '18262-6';
const EGFR = '33914-3';

const record = (body: object) => api(t.app, 'POST', '/api/observations', { userId: t.userId, takenAt: hoursAgo(1), ...body });
const useUnits = (unitSystem: 'metric' | 'us') => api(t.app, 'PATCH', `/api/users/${t.userId}`, { unitSystem });
const page = async (query = '') => (await api(t.app, 'GET', `/api/observations/${t.userId}${query}`)).body;

describe('a reading of each kind', () => {
  it('records blood pressure as one reading of two numbers, flagged by the worse of them, and lists it', async () => {
    await createObservation(t.db, t.otherUserId);
    const created = await record({ code: BLOOD_PRESSURE, value: { type: 'blood-pressure', systolic: 128, diastolic: 92 }, source: 'device', sourceName: 'Omron M7' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: t.userId,
      kind: 'vital-sign',
      code: BLOOD_PRESSURE,
      name: 'Blood pressure',
      value: { type: 'blood-pressure', systolic: 128, diastolic: 92, unit: 'mm[Hg]' },
      inUnits: { number: 128, second: 92, unit: 'mmHg', range: { low: 90, high: 129 }, secondRange: { low: 60, high: 79 } },
      flag: 'high',
      source: 'device',
      sourceName: 'Omron M7',
    });
    expect(await page()).toEqual({ items: [created.body], nextCursor: null });
    const [activity] = (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
    expect(activity).toMatchObject({ activityType: 'reading_recorded', iconType: 'health_and_safety', description: 'Recorded Blood pressure: 128/92 mmHg', relatedItemId: created.body.id });
  });

  it('records a lab result with the range the lab sent, and words for a result that has no number', async () => {
    const ldl = await record({ code: LDL, value: { type: 'quantity', number: 162, unit: 'mg/dL' }, referenceRange: { high: 99 }, source: 'lab', sourceName: 'Quest' });
    expect(ldl.status).toBe(201);
    expect(ldl.body).toMatchObject({ kind: 'laboratory', referenceRange: { low: null, high: 99, text: null }, flag: 'high', inUnits: { number: 162, unit: 'mg/dL', range: { low: null, high: 99 } } });
    const words = await record({ code: GLUCOSE, value: { type: 'text', text: 'see note' } });
    expect(words.body).toMatchObject({ value: { type: 'text', text: 'see note' }, flag: null, inUnits: { number: null, second: null, unit: null, range: null } });
    const labs = await page('?kind=laboratory');
    expect(labs.items.map((item: { id: number }) => item.id)).toEqual([words.body.id, ldl.body.id]);
    expect((await page('?kind=vital-sign')).items).toEqual([]);
  });

  it('takes another system’s code for a measure as the measure’s own (Synthea writes glucose as 2339-0)', async () => {
    const created = await record({ code: '2339-0', value: { type: 'quantity', number: 94, unit: 'mg/dL' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: '2345-7', name: 'Glucose' });
    expect((await page('?code=2339-0')).items).toEqual([created.body]);
  });

  it('keeps a lab’s < and > as given, and flags by the number they bound', async () => {
    const bounded = await record({ code: EGFR, value: { type: 'quantity', number: 60, comparator: '>', unit: 'mL/min/{1.73_m2}' } });
    expect(bounded.body).toMatchObject({ value: { type: 'quantity', number: 60, comparator: '>', unit: 'mL/min/{1.73_m2}' }, flag: null });
    const small = await record({ code: GLUCOSE, value: { type: 'quantity', number: 20, comparator: '<', unit: 'mg/dL' } });
    expect(small.body).toMatchObject({ value: { comparator: '<', number: 20 }, flag: 'critical-low' });
    const latest = (await api(t.app, 'GET', `/api/observations/${t.userId}/latest?kind=laboratory`)).body;
    expect(latest.map((item: { value: object }) => item.value)).toHaveLength(2);
    expect(latest.map((item: { value: object }) => item.value)).toEqual(
      expect.arrayContaining([
        { type: 'quantity', number: 20, comparator: '<', unit: 'mg/dL' },
        { type: 'quantity', number: 60, comparator: '>', unit: 'mL/min/{1.73_m2}' },
      ]),
    );
  });
});

describe('units', () => {
  // Given → shown in each system: the conversions of the measures table, through the API.
  const CASES = [
    { code: GLUCOSE, given: { number: 5.5, unit: 'mmol/L' }, us: { number: 99, unit: 'mg/dL' }, metric: { number: 5.5, unit: 'mmol/L' } },
    { code: GLUCOSE, given: { number: 126, unit: 'mg/dL' }, us: { number: 126, unit: 'mg/dL' }, metric: { number: 7, unit: 'mmol/L' } },
    { code: '2093-3', given: { number: 5.2, unit: 'mmol/L' }, us: { number: 201, unit: 'mg/dL' }, metric: { number: 5.2, unit: 'mmol/L' } },
    { code: WEIGHT, given: { number: 80, unit: 'kg' }, us: { number: 176.4, unit: 'lb' }, metric: { number: 80, unit: 'kg' } },
    { code: WEIGHT, given: { number: 165, unit: '[lb_av]' }, us: { number: 165, unit: 'lb' }, metric: { number: 74.8, unit: 'kg' } },
    { code: TEMPERATURE, given: { number: 38.5, unit: 'Cel' }, us: { number: 101.3, unit: '°F' }, metric: { number: 38.5, unit: '°C' } },
    { code: TEMPERATURE, given: { number: 98.6, unit: '[degF]' }, us: { number: 98.6, unit: '°F' }, metric: { number: 37, unit: '°C' } },
  ] as const;

  it.each(CASES)('$code given in $given.unit is shown in each system', async ({ code, given, us, metric }) => {
    const created = await record({ code, value: { type: 'quantity', ...given } });
    expect(created.status).toBe(201);
    expect(created.body.inUnits).toMatchObject({ number: expect.closeTo(us.number, 0), unit: us.unit });
    expect((await useUnits('metric')).status).toBe(200);
    const [shown] = (await page()).items;
    expect(shown.value).toEqual({ type: 'quantity', comparator: null, ...given });
    expect(shown.inUnits).toMatchObject({ number: expect.closeTo(metric.number, 0), unit: metric.unit });
  });

  it('refuses a unit that is not one of the measure’s, and a text that is no unit, and changes nothing', async () => {
    await expectRefused(t, 'POST', '/api/observations', { userId: t.userId, code: GLUCOSE, takenAt: hoursAgo(1), value: { type: 'quantity', number: 5, unit: 'kg' } }, 400, /^value\.unit: 'kg' is not a unit of Glucose/);
    await expectRefused(t, 'POST', '/api/observations', { userId: t.userId, code: WEIGHT, takenAt: hoursAgo(1), value: { type: 'quantity', number: 5, unit: 'stones of old' } }, 400, /^value\.unit: /);
  });
});

describe('the trend and the newest readings', () => {
  it('draws each reading of a period in the patient’s units with the usual range, oldest first', async () => {
    for (const [hours, kg] of [[72, 80], [48, 81], [24, 82]] as const) await record({ code: WEIGHT, takenAt: hoursAgo(hours), value: { type: 'quantity', number: kg, unit: 'kg' } });
    await useUnits('metric');
    const trend = (await api(t.app, 'GET', `/api/observations/${t.userId}/trend?code=${WEIGHT}&period=30d`)).body;
    expect(trend).toMatchObject({ code: WEIGHT, name: 'Weight', unit: 'kg', bucket: 'reading', wordsOnly: 0 });
    expect(trend.points.map((point: { number: number }) => point.number)).toEqual([80, 81, 82]);
  });

  it('averages many readings by day, week or month so that a chart stays light', async () => {
    // A reading a day for 800 days, and a second one on each of the last 300.
    const reading = (daysAgo: number, hour: number, systolic: number) => ({
      userId: t.userId,
      kind: 'vital-sign' as const,
      code: BLOOD_PRESSURE,
      takenAt: new Date(Date.now() - daysAgo * 24 * HOUR - hour * HOUR),
      valueType: 'blood-pressure' as const,
      value: systolic,
      secondValue: 80,
      unit: 'mm[Hg]',
      chartValue: systolic,
      secondChartValue: 80,
    });
    const daily = Array.from({ length: 800 }, (_, day) => reading(day + 1, 0, 120 + (day % 10)));
    const twice = Array.from({ length: 300 }, (_, day) => reading(day + 1, 6, 130));
    await t.db.insert(observations).values([...daily, ...twice]);
    const trend = (await api(t.app, 'GET', `/api/observations/${t.userId}/trend?code=${BLOOD_PRESSURE}&period=all`)).body;
    expect(trend.bucket).toBe('week');
    expect(trend.points.length).toBeLessThanOrEqual(400);
    expect(trend.points.reduce((sum: number, point: { count: number }) => sum + point.count, 0)).toBe(1100);
    const year = (await api(t.app, 'GET', `/api/observations/${t.userId}/trend?code=${BLOOD_PRESSURE}&period=1y`)).body;
    expect(year).toMatchObject({ bucket: 'day' });
    expect(year.points.every((point: { second: number }) => point.second === 80)).toBe(true);
  });

  it.each(['America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'])('starts each day and week on the patient’s clock, across its changes of time (%s)', async (timeZone) => {
    expect((await api(t.app, 'PATCH', `/api/users/${t.userId}`, { timeZone })).status).toBe(200);
    // A reading every seven hours for 500 days: over 400 days by week, and the last year by day.
    const takenAt = Array.from({ length: (500 * 24) / 7 }, (_, index) => new Date(Date.now() - HOUR - index * 7 * HOUR));
    const weight = (at: Date) => 70 + (at.getTime() / HOUR) % 10;
    await t.db.insert(observations).values(
      takenAt.map((at) => ({ userId: t.userId, kind: 'vital-sign' as const, code: WEIGHT, takenAt: at, valueType: 'quantity' as const, value: weight(at), unit: 'kg', chartValue: weight(at) })),
    );
    await useUnits('metric');
    for (const [period, bucket, startOf] of [
      ['all', 'week', (at: Date) => startOfWeek(new TZDate(at, timeZone), { weekStartsOn: 1 })],
      ['1y', 'day', (at: Date) => startOfDay(new TZDate(at, timeZone))],
    ] as const) {
      const since = period === '1y' ? Date.now() - 365 * 24 * HOUR : 0;
      const expected = new Map<number, number[]>();
      for (const at of takenAt.filter((at) => at.getTime() >= since)) {
        const start = startOf(at).getTime();
        expected.set(start, [...(expected.get(start) ?? []), weight(at)]);
      }
      const trend = (await api(t.app, 'GET', `/api/observations/${t.userId}/trend?code=${WEIGHT}&period=${period}`)).body;
      expect(trend.bucket).toBe(bucket);
      const points = trend.points.map((point: { takenAt: string; number: number; count: number }) => [Date.parse(point.takenAt), point.count, point.number]);
      const means = [...expected].sort(([a], [b]) => a - b).map(([start, values]) => [start, values.length, expect.closeTo(values.reduce((sum, value) => sum + value, 0) / values.length, 1)]);
      expect(points).toEqual(means);
    }
  });

  it('answers the newest reading of each measure, in the order of the measures table', async () => {
    await createObservation(t.db, t.userId, { takenAt: new Date(Date.now() - 48 * HOUR), value: 150, chartValue: 150 });
    const newest = await createObservation(t.db, t.userId, { takenAt: new Date(Date.now() - 2 * HOUR) });
    await record({ code: WEIGHT, value: { type: 'quantity', number: 80, unit: 'kg' } });
    const latest = (await api(t.app, 'GET', `/api/observations/${t.userId}/latest?kind=vital-sign`)).body;
    expect(latest.map((item: { code: string }) => item.code)).toEqual([BLOOD_PRESSURE, WEIGHT].sort((a, b) => order(a) - order(b)));
    expect(latest.find((item: { code: string }) => item.code === BLOOD_PRESSURE).id).toBe(newest.id);
  });
});

function order(code: string) {
  return measuresOfKind('vital-sign').findIndex((measure) => measure.loinc === code);
}

describe('changes and refusals', () => {
  it('changes a value and its measure together, keeps the rest, and removes a reading', async () => {
    const created = await record({ code: GLUCOSE, value: { type: 'quantity', number: 5.4, unit: 'mmol/L' }, note: 'Fasting' });
    const changed = await api(t.app, 'PATCH', `/api/observations/${created.body.id}`, { value: { type: 'quantity', number: 6.1, unit: 'mmol/L' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ value: { number: 6.1 }, note: 'Fasting', inUnits: { number: expect.closeTo(110, 0) } });
    await expectRefused(t, 'PATCH', `/api/observations/${created.body.id}`, { code: BLOOD_PRESSURE }, 400, /^value/);
    expect((await api(t.app, 'DELETE', `/api/observations/${created.body.id}`)).status).toBe(204);
    expect((await page()).items).toEqual([]);
  });

  it('links the patient’s own document, never another’s', async () => {
    const theirs = await createMedicalRecord(t.db, t.otherUserId);
    await expectRefused(t, 'POST', '/api/observations', { userId: t.userId, code: LDL, takenAt: hoursAgo(1), value: { type: 'quantity', number: 90, unit: 'mg/dL' }, medicalRecordId: theirs.id }, 404, 'Medical record not found');
    const mine = await createMedicalRecord(t.db, t.userId);
    expect((await record({ code: LDL, value: { type: 'quantity', number: 90, unit: 'mg/dL' }, medicalRecordId: mine.id })).body.medicalRecordId).toBe(mine.id);
  });

  const base = { userId: 0, code: GLUCOSE, takenAt: '2026-01-05T08:00:00Z', value: { type: 'quantity', number: 5.4, unit: 'mmol/L' } };
  const REFUSALS: Array<[string, object, string | RegExp]> = [
    ['code', { code: '1234-5' }, 'code: must be the LOINC code of a measure HealthAssist knows'],
    ['takenAt', { takenAt: '2026-01-05' }, /^takenAt: must be a date and time with its offset/],
    ['takenAt', { takenAt: '2999-01-01T00:00:00Z' }, 'takenAt: must not be in the future'],
    ['value', { value: 5 }, /^value: must be a value/],
    ['value.type', { value: { type: 'fraction' } }, 'value.type: must be one of quantity, blood-pressure, text'],
    ['value.number', { value: { type: 'quantity', number: 'five', unit: 'mg/dL' } }, 'value.number: must be a number'],
    ['value.unit', { value: { type: 'quantity', number: 5 } }, 'value.unit: must be a unit such as mg/dL'],
    ['value.unit (a name of every object)', { value: { type: 'quantity', number: 5, unit: '__proto__' } }, /^value\.unit: '__proto__' is not a unit/],
    ['value.comparator', { value: { type: 'quantity', number: 5, unit: 'mg/dL', comparator: '~' } }, 'value.comparator: must be one of < <= > >= or null'],
    ['value.diastolic', { code: BLOOD_PRESSURE, value: { type: 'blood-pressure', systolic: 80, diastolic: 120 } }, 'value.diastolic: must be lower than the systolic'],
    ['value.systolic', { code: BLOOD_PRESSURE, value: { type: 'blood-pressure', systolic: 900, diastolic: 80 } }, 'value.systolic: must be from 1 to 400 mmHg'],
    ['value.text', { value: { type: 'text', text: ' ' } }, 'value.text: must not be empty'],
    ['value.type (measure)', { code: BLOOD_PRESSURE }, /^value\.type: blood pressure is two numbers/],
    ['referenceRange', { referenceRange: {} }, 'referenceRange: must have a low, a high or words'],
    ['referenceRange.high', { referenceRange: { low: 10, high: 5 } }, 'referenceRange.high: must not be below low'],
    ['source', { source: 'neighbour' }, 'source: must be one of patient, device, provider, lab'],
    ['sourceName', { sourceName: 'x'.repeat(201) }, 'sourceName: must be at most 200 characters'],
    ['note', { note: 'x'.repeat(2001) }, 'note: must be at most 2000 characters'],
    ['medicalRecordId', { medicalRecordId: 0 }, 'medicalRecordId: must be a positive whole number'],
  ];
  it.each(REFUSALS)('refuses a bad %s with its message and changes nothing', async (_field, change, message) => {
    await expectRefused(t, 'POST', '/api/observations', { ...base, userId: t.userId, ...change }, 400, message);
  });

  it('refuses a bad query', async () => {
    await expectRefused(t, 'GET', `/api/observations/${t.userId}?kind=vitals`, undefined, 400, 'kind: must be one of vital-sign, laboratory');
    await expectRefused(t, 'GET', `/api/observations/${t.userId}/trend?code=${GLUCOSE}&period=2w`, undefined, 400, 'period: must be one of 30d, 90d, 1y, 5y, all');
    await expectRefused(t, 'GET', `/api/observations/${t.userId}/trend?code=1234-5`, undefined, 400, 'code: must be the LOINC code of a measure HealthAssist knows');
    await expectRefused(t, 'PATCH', `/api/users/${t.userId}`, { unitSystem: 'imperial' }, 400, 'unitSystem: must be one of metric, us');
  });
});
