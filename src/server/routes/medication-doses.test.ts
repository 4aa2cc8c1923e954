import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localInstant } from '../../shared/rules/medication-schedule';
import { todayIn } from '../../shared/rules/patient';
import { users, type medicationDoses } from '../db/schema/index';
import { createDose, createMedication } from '../../testing/factories';
import { api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

const t = useTestApp();

const MINUTE = 60_000;

/** The calendar day `count` days after `date` (before, when negative). */
function addDays(date: string, count: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + count)).toISOString().slice(0, 10);
}

async function useZone(timeZone: string | null) {
  await t.db.update(users).set({ timeZone }).where(eq(users.id, t.userId));
}

const dayOf = async (date?: string) => api(t.app, 'GET', `/api/medications/doses/${t.userId}${date ? `?date=${date}` : ''}`);
const log = (body: object) => api(t.app, 'POST', '/api/medications/doses', body);
const correct = (id: number, body: object) => api(t.app, 'PATCH', `/api/medications/doses/${id}`, body);
const activityTypes = async () => (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body.map((activity: { description: string }) => activity.description);

/** A dose of the day as the API writes it: the times in ISO, without its entry's id. */
const due = (medication: { id: number; name: string; strength: string | null; dose: string | null }, time: string | null, dueAt: string | null) => ({
  medicationId: medication.id,
  name: medication.name,
  strength: medication.strength,
  dose: medication.dose,
  scheduledTime: time,
  dueAt,
});

/** An entry as the API writes it. */
const entryOf = (row: typeof medicationDoses.$inferSelect) => ({
  id: row.id,
  medicationId: row.medicationId,
  scheduledDate: row.scheduledDate,
  scheduledTime: row.scheduledTime,
  status: row.status,
  takenAt: row.takenAt?.toISOString() ?? null,
  reason: row.reason,
  loggedAt: row.loggedAt.toISOString(),
});

describe('GET /api/medications/doses/{userId}', () => {
  it('gives each schedule kind its doses of the day on the patient’s clock, by time, and the active as-needed medications', async () => {
    await useZone('Asia/Kolkata');
    const daily = await createMedication(t.db, t.userId, { name: 'Metformin', schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
    const mondays = await createMedication(t.db, t.userId, { name: 'Methotrexate', schedule: { kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['09:00'] } });
    const everyEight = await createMedication(t.db, t.userId, { name: 'Amoxicillin', schedule: { kind: 'every-hours', everyHours: 8, firstTime: '06:00' } });
    const inhaler = await createMedication(t.db, t.userId, { name: 'Albuterol', form: 'inhaler', dose: '2 puffs', strength: null, schedule: { kind: 'as-needed' } });
    await createMedication(t.db, t.userId, { name: 'Ibuprofen', status: 'stopped', stoppedOn: '2026-02-01', schedule: { kind: 'as-needed' } });
    await createMedication(t.db, t.otherUserId, { name: 'Warfarin' });

    // 2026-03-02 is a Monday; Kolkata is UTC+05:30 all year.
    const monday = await dayOf('2026-03-02');
    expect(monday.status).toBe(200);
    expect(monday.body).toEqual({
      date: '2026-03-02',
      doses: [
        { ...due(everyEight, '06:00', '2026-03-02T00:30:00.000Z'), entry: null },
        { ...due(daily, '08:00', '2026-03-02T02:30:00.000Z'), entry: null },
        { ...due(mondays, '09:00', '2026-03-02T03:30:00.000Z'), entry: null },
        { ...due(everyEight, '14:00', '2026-03-02T08:30:00.000Z'), entry: null },
        { ...due(daily, '20:00', '2026-03-02T14:30:00.000Z'), entry: null },
        { ...due(everyEight, '22:00', '2026-03-02T16:30:00.000Z'), entry: null },
      ],
      asNeeded: [{ medicationId: inhaler.id, name: 'Albuterol', strength: null, dose: '2 puffs' }],
    });
    const tuesday = await dayOf('2026-03-03');
    expect(tuesday.body.doses.map((dose: { name: string; scheduledTime: string }) => `${dose.scheduledTime} ${dose.name}`)).toEqual([
      '06:00 Amoxicillin',
      '08:00 Metformin',
      '14:00 Amoxicillin',
      '20:00 Metformin',
      '22:00 Amoxicillin',
    ]);
  });

  it('gives doses from the start to the end, and none from the day a medication was paused or stopped', async () => {
    await useZone('UTC');
    const names = async (date: string) => (await dayOf(date)).body.doses.map((dose: { name: string }) => dose.name);
    await createMedication(t.db, t.userId, { name: 'Course', startDate: '2026-03-02', endDate: '2026-03-04' });
    await createMedication(t.db, t.userId, { name: 'Paused', status: 'paused', pausedOn: '2026-03-03' });
    await createMedication(t.db, t.userId, { name: 'Stopped', status: 'stopped', stoppedOn: '2026-03-04' });
    expect(await names('2026-03-01')).toEqual(['Paused', 'Stopped']);
    expect(await names('2026-03-02')).toEqual(['Course', 'Paused', 'Stopped']);
    expect(await names('2026-03-03')).toEqual(['Course', 'Stopped']);
    expect(await names('2026-03-04')).toEqual(['Course']);
    expect(await names('2026-03-05')).toEqual([]);
  });

  it("is the patient's today by default, in the zone of their profile", async () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await useZone(zone);
      const response = await dayOf();
      expect(response.status).toBe(200);
      expect(response.body.date).toBe(todayIn(zone));
    }
  });

  it('keeps each dose at its clock time across the spring-forward day, and moves a time the clocks skip forward', async () => {
    await useZone('Europe/Berlin');
    const medication = await createMedication(t.db, t.userId, { schedule: { kind: 'daily', times: ['01:00', '02:30', '03:00', '08:00'] } });
    const dueAts = async (date: string) =>
      (await dayOf(date)).body.doses.map((dose: { scheduledTime: string; dueAt: string }) => [dose.scheduledTime, dose.dueAt]);
    expect(await dueAts('2025-03-29')).toEqual([
      ['01:00', '2025-03-29T00:00:00.000Z'],
      ['02:30', '2025-03-29T01:30:00.000Z'],
      ['03:00', '2025-03-29T02:00:00.000Z'],
      ['08:00', '2025-03-29T07:00:00.000Z'],
    ]);
    // 2025-03-30: 02:00 CET becomes 03:00 CEST. 02:30 does not exist and is due an hour on, at 03:30.
    expect(await dueAts('2025-03-30')).toEqual([
      ['01:00', '2025-03-30T00:00:00.000Z'],
      ['02:30', '2025-03-30T01:30:00.000Z'],
      ['03:00', '2025-03-30T01:00:00.000Z'],
      ['08:00', '2025-03-30T06:00:00.000Z'],
    ]);
    // 2025-10-26: 03:00 CEST becomes 02:00 CET; 02:30 happens twice and is due the first time.
    expect(await dueAts('2025-10-26')).toEqual([
      ['01:00', '2025-10-25T23:00:00.000Z'],
      ['02:30', '2025-10-26T00:30:00.000Z'],
      ['03:00', '2025-10-26T02:00:00.000Z'],
      ['08:00', '2025-10-26T07:00:00.000Z'],
    ]);
    // A dose of the changing day logs and is found by its clock time.
    const logged = await log({ medicationId: medication.id, scheduledDate: '2025-03-30', scheduledTime: '02:30', status: 'taken', takenAt: '2025-03-30T03:40:00+02:00' });
    expect(logged.status).toBe(201);
    const day = await dayOf('2025-03-30');
    expect(day.body.doses[1]).toMatchObject({ scheduledTime: '02:30', entry: { id: logged.body.id, takenAt: '2025-03-30T01:40:00.000Z' } });
  });

  it("lists the as-needed doses taken that day on the patient's clock, over the 25-hour fall-back day, by the time taken", async () => {
    await useZone('America/New_York');
    const inhaler = await createMedication(t.db, t.userId, { name: 'Albuterol', schedule: { kind: 'as-needed' } });
    const daily = await createMedication(t.db, t.userId, { name: 'Lisinopril', schedule: { kind: 'daily', times: ['08:00'] } });
    const asNeeded = (iso: string) => createDose(t.db, inhaler, { scheduledDate: null, scheduledTime: null, takenAt: new Date(iso) });
    await asNeeded('2025-11-02T03:30:00Z'); // 23:30 EDT on Nov 1
    const firstOneThirty = await asNeeded('2025-11-02T05:15:00Z'); // 01:15 EDT
    const secondOneThirty = await asNeeded('2025-11-02T06:45:00Z'); // 01:45 EST, after the clocks went back
    const lateEvening = await asNeeded('2025-11-03T04:30:00Z'); // 23:30 EST on Nov 2, Nov 3 in UTC
    await asNeeded('2025-11-03T05:30:00Z'); // 00:30 EST on Nov 3
    await createDose(t.db, await createMedication(t.db, t.otherUserId, { schedule: { kind: 'as-needed' } }), {
      scheduledDate: null,
      scheduledTime: null,
      takenAt: new Date('2025-11-02T12:00:00Z'),
    });

    const response = await dayOf('2025-11-02');
    expect(response.body.doses).toEqual([
      { ...due(inhaler, null, null), entry: entryOf(firstOneThirty) },
      { ...due(inhaler, null, null), entry: entryOf(secondOneThirty) },
      { ...due(daily, '08:00', '2025-11-02T13:00:00.000Z'), entry: null },
      { ...due(inhaler, null, null), entry: entryOf(lateEvening) },
    ]);
  });

  it('merges each logged dose into its due dose, and lists an entry the schedule no longer gives', async () => {
    await useZone('UTC');
    const medication = await createMedication(t.db, t.userId, { schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
    const morning = await createDose(t.db, medication, { scheduledDate: '2026-03-02', scheduledTime: '08:00', takenAt: new Date('2026-03-02T08:10:00Z') });
    const formerTime = await createDose(t.db, medication, { scheduledDate: '2026-03-02', scheduledTime: '13:00', status: 'skipped', takenAt: null, reason: 'Out' });
    await createDose(t.db, medication, { scheduledDate: '2026-03-01', scheduledTime: '20:00' });
    const response = await dayOf('2026-03-02');
    expect(response.body.doses).toEqual([
      { ...due(medication, '08:00', '2026-03-02T08:00:00.000Z'), entry: entryOf(morning) },
      { ...due(medication, '13:00', '2026-03-02T13:00:00.000Z'), entry: entryOf(formerTime) },
      { ...due(medication, '20:00', '2026-03-02T20:00:00.000Z'), entry: null },
    ]);
  });

  it('falls back to the machine’s zone when the stored zone is one the runtime does not know, rather than failing', async () => {
    // Written past the API, whose contract refuses an unknown zone.
    await useZone('Mars/Olympus_Mons');
    const medication = await createMedication(t.db, t.userId);
    const response = await dayOf('2025-03-30');
    expect(response.status).toBe(200);
    expect(response.body.doses).toEqual([{ ...due(medication, '08:00', localInstant('2025-03-30', '08:00', null).toISOString()), entry: null }]);
    expect((await dayOf()).body.date).toBe(todayIn(null));
    expect((await log({ medicationId: medication.id, scheduledDate: todayIn(null), scheduledTime: '08:00', status: 'missed' })).status).toBe(201);
    expect((await api(t.app, 'GET', `/api/medications/adherence/${t.userId}`)).status).toBe(200);
  });

  it('refuses a day that is not one, or past the last it can answer, and another user', async () => {
    await expectRefused(t, 'GET', `/api/medications/doses/${t.userId}?date=2026-02-30`, undefined, 400, 'date: must be a date (yyyy-MM-dd)');
    await expectRefused(t, 'GET', `/api/medications/doses/${t.userId}?date=9999-12-31`, undefined, 400, 'date: must be on or before 9999-12-30');
    await expectRefused(t, 'GET', `/api/medications/doses/${t.otherUserId}`, undefined, 404, 'User not found');
  });
});

describe('POST /api/medications/doses', () => {
  const ZONE = 'Pacific/Kiritimati';

  it('logs a scheduled dose taken at the time given, answers 201 with the entry, and records "Dose of {name} logged"', async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId, { name: 'Metformin', schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
    const yesterday = addDays(todayIn(ZONE), -1);
    const takenAt = localInstant(yesterday, '08:05', ZONE);
    const response = await log({ medicationId: medication.id, scheduledDate: yesterday, scheduledTime: '08:00', status: 'taken', takenAt: takenAt.toISOString() });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      medicationId: medication.id,
      scheduledDate: yesterday,
      scheduledTime: '08:00',
      status: 'taken',
      takenAt: takenAt.toISOString(),
      reason: null,
      loggedAt: expect.any(String),
    });
    const day = await dayOf(yesterday);
    expect(day.body.doses.map((dose: { entry: unknown }) => dose.entry)).toEqual([response.body, null]);
    expect(await activityTypes()).toEqual(['Dose of Metformin logged']);
  });

  it('takes a dose taken now when no time is given, and a time up to a minute ahead of the server’s clock', async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId, { schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
    const today = todayIn(ZONE);
    const before = Date.now();
    const now = await log({ medicationId: medication.id, scheduledDate: today, scheduledTime: '08:00', status: 'taken' });
    expect(now.status).toBe(201);
    expect(new Date(now.body.takenAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(now.body.takenAt).getTime()).toBeLessThanOrEqual(Date.now());
    const ahead = new Date(Date.now() + 30_000).toISOString();
    expect((await log({ medicationId: medication.id, scheduledDate: today, scheduledTime: '20:00', status: 'taken', takenAt: ahead })).status).toBe(201);
  });

  it('logs a dose skipped or missed with its reason, and records no activity', async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId, { schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
    const yesterday = addDays(todayIn(ZONE), -1);
    const skipped = await log({ medicationId: medication.id, scheduledDate: yesterday, scheduledTime: '08:00', status: 'skipped', reason: ' Felt sick ' });
    expect(skipped.status).toBe(201);
    expect(skipped.body).toMatchObject({ status: 'skipped', takenAt: null, reason: 'Felt sick' });
    const missed = await log({ medicationId: medication.id, scheduledDate: yesterday, scheduledTime: '20:00', status: 'missed' });
    expect(missed.body).toMatchObject({ status: 'missed', takenAt: null, reason: null });
    expect(await activityTypes()).toEqual([]);
  });

  it('logs an as-needed dose taken, listed on the day it was taken', async () => {
    await useZone(ZONE);
    const inhaler = await createMedication(t.db, t.userId, { name: 'Albuterol', schedule: { kind: 'as-needed' } });
    const takenAt = new Date(Date.now() - 5 * MINUTE);
    const response = await log({ medicationId: inhaler.id, status: 'taken', takenAt: takenAt.toISOString() });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ scheduledDate: null, scheduledTime: null, status: 'taken', takenAt: takenAt.toISOString() });
    // Twice is twice: as-needed doses are not one a day.
    expect((await log({ medicationId: inhaler.id, status: 'taken' })).status).toBe(201);
    const day = await dayOf(todayIn(ZONE, takenAt));
    expect(day.body.doses[0]).toEqual({ ...due(inhaler, null, null), entry: response.body });
  });

  it('answers 409 for a dose already logged, and changes nothing', async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId);
    const today = todayIn(ZONE);
    expect((await log({ medicationId: medication.id, scheduledDate: today, scheduledTime: '08:00', status: 'taken' })).status).toBe(201);
    await expectRefused(
      t,
      'POST',
      '/api/medications/doses',
      { medicationId: medication.id, scheduledDate: today, scheduledTime: '08:00', status: 'skipped' },
      409,
      'That dose is already logged',
    );
  });

  it('refuses a dose the schedule does not give that day, naming scheduledTime, and changes nothing', async () => {
    await useZone('UTC');
    const daily = await createMedication(t.db, t.userId, { startDate: '2026-03-02', schedule: { kind: 'daily', times: ['08:00'] } });
    const mondays = await createMedication(t.db, t.userId, { schedule: { kind: 'weekdays', weekdays: ['mon'], times: ['09:00'] } });
    const paused = await createMedication(t.db, t.userId, { status: 'paused', pausedOn: '2026-03-02' });
    const inhaler = await createMedication(t.db, t.userId, { schedule: { kind: 'as-needed' } });
    const message = 'scheduledTime: is not a dose of this medication on that day';
    for (const [medication, scheduledDate, scheduledTime] of [
      [daily, '2026-03-02', '09:00'],
      [daily, '2026-03-01', '08:00'],
      [mondays, '2026-03-03', '09:00'],
      [paused, '2026-03-02', '08:00'],
      [inhaler, '2026-03-02', '08:00'],
    ] as const) {
      await expectRefused(t, 'POST', '/api/medications/doses', { medicationId: medication.id, scheduledDate, scheduledTime, status: 'taken' }, 400, message);
    }
    expect((await log({ medicationId: mondays.id, scheduledDate: '2026-03-02', scheduledTime: '09:00', status: 'missed' })).status).toBe(201);
    expect((await log({ medicationId: paused.id, scheduledDate: '2026-03-01', scheduledTime: '08:00', status: 'missed' })).status).toBe(201);
  });

  it("refuses a dose after the patient's today, a time taken in the future, and an unscheduled dose of a scheduled medication", async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId);
    const tomorrow = addDays(todayIn(ZONE), 1);
    await expectRefused(
      t,
      'POST',
      '/api/medications/doses',
      { medicationId: medication.id, scheduledDate: tomorrow, scheduledTime: '08:00', status: 'taken' },
      400,
      'scheduledDate: cannot be after today',
    );
    const inTwoMinutes = new Date(Date.now() + 2 * MINUTE).toISOString();
    await expectRefused(
      t,
      'POST',
      '/api/medications/doses',
      { medicationId: medication.id, scheduledDate: todayIn(ZONE), scheduledTime: '08:00', status: 'taken', takenAt: inTwoMinutes },
      400,
      'takenAt: cannot be in the future',
    );
    await expectRefused(
      t,
      'POST',
      '/api/medications/doses',
      { medicationId: medication.id, status: 'taken' },
      400,
      'scheduledDate: is required for a scheduled medication (only an as-needed dose has no day and time)',
    );
  });

  it.each([
    ['no medication', { medicationId: undefined }, 'medicationId: must be a positive whole number'],
    ['a medication id that is text', { medicationId: 'one' }, 'medicationId: must be a positive whole number'],
    ['a day that is not one', { scheduledDate: '2026-13-01' }, 'scheduledDate: must be a date (yyyy-MM-dd)'],
    ['a time that is not one', { scheduledTime: '25:00' }, 'scheduledTime: must be a time of day such as 08:00'],
    ['a day without a time', { scheduledTime: undefined }, 'scheduledTime: must be given with scheduledDate (a scheduled dose has both; an as-needed dose neither)'],
    ['a time without a day', { scheduledDate: undefined }, 'scheduledTime: must be given with scheduledDate (a scheduled dose has both; an as-needed dose neither)'],
    ['no status', { status: undefined }, 'status: must be one of taken, skipped, missed'],
    ['an unknown status', { status: 'late' }, 'status: must be one of taken, skipped, missed'],
    ['an as-needed dose skipped', { scheduledDate: undefined, scheduledTime: undefined, status: 'skipped' }, 'status: an as-needed dose can only be logged as taken'],
    ['a time taken on a skipped dose', { status: 'skipped', takenAt: '2026-03-02T08:00:00Z' }, 'takenAt: only a taken dose has a time taken'],
    ['a time taken without its offset', { takenAt: '2026-03-02 08:00' }, 'takenAt: must be a date and time with its offset, such as 2026-03-01T08:05:00+01:00'],
    ['a reason over 500 characters', { status: 'skipped', reason: 'R'.repeat(501) }, 'reason: must be at most 500 characters'],
    ['U+0000 in the reason', { status: 'skipped', reason: 'Felt\u0000sick' }, 'reason: must not contain the character U+0000 (NUL)'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, fields, message) => {
    const medication = await createMedication(t.db, t.userId);
    const body = { medicationId: medication.id, scheduledDate: '2026-03-02', scheduledTime: '08:00', status: 'taken', ...fields };
    await expectRefused(t, 'POST', '/api/medications/doses', body, 400, message);
  });

  it("answers 404 for another user's medication and one that does not exist, and changes nothing", async () => {
    const theirs = await createMedication(t.db, t.otherUserId, { schedule: { kind: 'as-needed' } });
    await expectRefused(t, 'POST', '/api/medications/doses', { medicationId: theirs.id, status: 'taken' }, 404, 'Medication not found');
    await expectRefused(t, 'POST', '/api/medications/doses', { medicationId: 999, status: 'taken' }, 404, 'Medication not found');
  });

  it('stores neither the dose nor its activity when the activity cannot be written', async () => {
    const inhaler = await createMedication(t.db, t.userId, { schedule: { kind: 'as-needed' } });
    const before = await snapshotData(t.db);
    await withFailingActivityLog(t.db, async () => {
      expect((await log({ medicationId: inhaler.id, status: 'taken' })).status).toBe(500);
    });
    expect(await snapshotData(t.db)).toEqual(before);
  });
});

describe('PATCH /api/medications/doses/{id}', () => {
  it('corrects a taken dose to skipped, clearing the time taken, and back to taken now, recording it then', async () => {
    const medication = await createMedication(t.db, t.userId, { name: 'Atorvastatin' });
    const dose = await createDose(t.db, medication);
    const skipped = await correct(dose.id, { status: 'skipped', reason: 'Ran out' });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toEqual({ ...entryOf(dose), status: 'skipped', takenAt: null, reason: 'Ran out' });

    const before = Date.now();
    const taken = await correct(dose.id, { status: 'taken' });
    expect(taken.body).toMatchObject({ status: 'taken', reason: 'Ran out', loggedAt: dose.loggedAt.toISOString() });
    expect(new Date(taken.body.takenAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await activityTypes()).toEqual(['Dose of Atorvastatin logged']);
  });

  it('corrects the time taken and the reason, keeping what is not sent, and records nothing for a dose already taken', async () => {
    const dose = await createDose(t.db, await createMedication(t.db, t.userId), { reason: 'Late' });
    const moved = await correct(dose.id, { takenAt: '2026-03-02T09:30:00+01:00' });
    expect(moved.body).toEqual({ ...entryOf(dose), takenAt: '2026-03-02T08:30:00.000Z', reason: 'Late' });
    expect((await correct(dose.id, { status: 'taken' })).body).toMatchObject({ takenAt: '2026-03-02T08:30:00.000Z' });
    expect((await correct(dose.id, { reason: null })).body).toMatchObject({ reason: null, takenAt: '2026-03-02T08:30:00.000Z' });
    expect(await activityTypes()).toEqual([]);
  });

  it('refuses what would break the rules of an entry, and changes nothing', async () => {
    const medication = await createMedication(t.db, t.userId);
    const skipped = await createDose(t.db, medication, { status: 'skipped', takenAt: null });
    const asNeeded = await createDose(t.db, await createMedication(t.db, t.userId, { schedule: { kind: 'as-needed' } }), { scheduledDate: null, scheduledTime: null });
    const taken = await createDose(t.db, medication, { scheduledTime: '20:00' });
    const refuse = (id: number, body: object, message: string) => expectRefused(t, 'PATCH', `/api/medications/doses/${id}`, body, 400, message);
    await refuse(skipped.id, { takenAt: '2026-03-02T08:00:00Z' }, 'takenAt: only a taken dose has a time taken');
    await refuse(taken.id, { status: 'missed', takenAt: '2026-03-02T08:00:00Z' }, 'takenAt: only a taken dose has a time taken');
    await refuse(asNeeded.id, { status: 'missed' }, 'status: an as-needed dose can only be logged as taken');
    await refuse(taken.id, { takenAt: new Date(Date.now() + 5 * MINUTE).toISOString() }, 'takenAt: cannot be in the future');
    await refuse(taken.id, {}, 'Nothing to update');
    await refuse(taken.id, { status: 'forgotten' }, 'status: must be one of taken, skipped, missed');
    await refuse(taken.id, { reason: 'A\u0000B' }, 'reason: must not contain the character U+0000 (NUL)');
  });

  it("answers 404 for another user's entry and one that does not exist", async () => {
    const theirs = await createDose(t.db, await createMedication(t.db, t.otherUserId));
    await expectRefused(t, 'PATCH', `/api/medications/doses/${theirs.id}`, { status: 'skipped' }, 404, 'Dose not found');
    await expectRefused(t, 'PATCH', '/api/medications/doses/999', { status: 'skipped' }, 404, 'Dose not found');
  });
});

describe('DELETE /api/medications/doses/{id}', () => {
  it('undoes an entry: the dose is not logged again, and can be logged anew', async () => {
    await useZone('UTC');
    const medication = await createMedication(t.db, t.userId);
    const dose = await createDose(t.db, medication, { scheduledDate: '2026-03-02', scheduledTime: '08:00' });
    const response = await api(t.app, 'DELETE', `/api/medications/doses/${dose.id}`);
    expect(response.status).toBe(204);
    expect((await dayOf('2026-03-02')).body.doses).toEqual([{ ...due(medication, '08:00', '2026-03-02T08:00:00.000Z'), entry: null }]);
    expect((await log({ medicationId: medication.id, scheduledDate: '2026-03-02', scheduledTime: '08:00', status: 'missed' })).status).toBe(201);
  });

  it("answers 404 for another user's entry and one that does not exist, changing nothing", async () => {
    const theirs = await createDose(t.db, await createMedication(t.db, t.otherUserId));
    await expectRefused(t, 'DELETE', `/api/medications/doses/${theirs.id}`, undefined, 404, 'Dose not found');
    await expectRefused(t, 'DELETE', '/api/medications/doses/999', undefined, 404, 'Dose not found');
  });
});

describe('GET /api/medications/{medicationId}/doses', () => {
  it("pages one medication's log, newest logged first, and no other medication's", async () => {
    const medication = await createMedication(t.db, t.userId);
    const other = await createMedication(t.db, t.userId, { name: 'Metformin' });
    const entries = [];
    for (let day = 1; day <= 5; day++) {
      const date = `2026-03-0${day}`;
      entries.push(await createDose(t.db, medication, { scheduledDate: date, loggedAt: new Date(`${date}T09:00:00Z`) }));
      await createDose(t.db, other, { scheduledDate: date, loggedAt: new Date(`${date}T09:00:00Z`) });
    }
    const newestFirst = entries.reverse().map(entryOf);
    const first = await api(t.app, 'GET', `/api/medications/${medication.id}/doses?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual(newestFirst.slice(0, 2));
    const second = await api(t.app, 'GET', `/api/medications/${medication.id}/doses?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toEqual(newestFirst.slice(2, 4));
    const last = await api(t.app, 'GET', `/api/medications/${medication.id}/doses?limit=2&cursor=${second.body.nextCursor}`);
    expect(last.body).toEqual({ items: newestFirst.slice(4), nextCursor: null });
    expect((await api(t.app, 'GET', `/api/medications/${medication.id}/doses`)).body).toEqual({ items: newestFirst, nextCursor: null });
  });

  it("refuses a bad limit or cursor, and answers 404 for another user's medication", async () => {
    const medication = await createMedication(t.db, t.userId);
    const theirs = await createMedication(t.db, t.otherUserId);
    await expectRefused(t, 'GET', `/api/medications/${medication.id}/doses?limit=0`, undefined, 400, 'limit: must be a whole number from 1 to 100');
    await expectRefused(t, 'GET', `/api/medications/${medication.id}/doses?cursor=yesterday`, undefined, 400, 'cursor: is not a cursor this list gave');
    await expectRefused(t, 'GET', `/api/medications/${theirs.id}/doses`, undefined, 404, 'Medication not found');
    await expectRefused(t, 'GET', '/api/medications/999/doses', undefined, 404, 'Medication not found');
  });
});

describe('GET /api/medications/adherence/{userId}', () => {
  it('gives taken ÷ due over 7 and 30 days per scheduled medication, from its start or the day it was added, and overall', async () => {
    const zone = 'Asia/Kolkata';
    await useZone(zone);
    const today = todayIn(zone);
    const day = (count: number) => addDays(today, count);
    const longAgo = new Date(Date.now() - 100 * 24 * 60 * MINUTE);
    // Twice a day for the nine days before today: 6 days of the 7-day window, all 9 of the 30.
    const twiceDaily = await createMedication(t.db, t.userId, {
      name: 'Metformin',
      startDate: day(-9),
      endDate: day(-1),
      createdAt: longAgo,
      schedule: { kind: 'daily', times: ['08:00', '20:00'] },
    });
    const taken = (medication: { id: number; userId: number }, date: string, time: string) =>
      createDose(t.db, medication, { scheduledDate: date, scheduledTime: time, takenAt: localInstant(date, time, zone) });
    await taken(twiceDaily, day(-1), '08:00');
    await taken(twiceDaily, day(-1), '20:00');
    // A dose logged at a time the schedule no longer gives: a day's taken entries count at most its doses.
    await taken(twiceDaily, day(-1), '12:00');
    await taken(twiceDaily, day(-3), '08:00');
    await createDose(t.db, twiceDaily, { scheduledDate: day(-3), scheduledTime: '20:00', status: 'skipped', takenAt: null });
    await createDose(t.db, twiceDaily, { scheduledDate: day(-4), scheduledTime: '20:00', status: 'missed', takenAt: null });
    await taken(twiceDaily, day(-8), '08:00');
    await taken(twiceDaily, day(-8), '20:00');
    // Without a start, added two days ago: counted from then, not for all 30 days.
    const addedLately = await createMedication(t.db, t.userId, {
      name: 'Lisinopril',
      endDate: day(-1),
      createdAt: localInstant(day(-2), '12:00', zone),
    });
    // Stopped yesterday, started four days ago: still counted for the days it was due.
    const stoppedLately = await createMedication(t.db, t.userId, {
      name: 'Atorvastatin',
      startDate: day(-4),
      status: 'stopped',
      stoppedOn: day(-1),
      createdAt: longAgo,
    });
    await taken(stoppedLately, day(-2), '08:00');
    // Starting tomorrow: nothing due yet.
    const startsTomorrow = await createMedication(t.db, t.userId, { name: 'Vitamin D', startDate: day(1), createdAt: longAgo });
    // Not listed: as needed, and stopped before the window.
    const inhaler = await createMedication(t.db, t.userId, { name: 'Albuterol', createdAt: longAgo, schedule: { kind: 'as-needed' } });
    await createDose(t.db, inhaler, { scheduledDate: null, scheduledTime: null, takenAt: new Date() });
    await createMedication(t.db, t.userId, { name: 'Prednisone', status: 'stopped', startDate: day(-90), stoppedOn: day(-40), createdAt: longAgo });
    // Another user's log counts for nothing here.
    const theirs = await createMedication(t.db, t.otherUserId, { startDate: day(-9), endDate: day(-1), createdAt: longAgo });
    await taken(theirs, day(-1), '08:00');

    const response = await api(t.app, 'GET', `/api/medications/adherence/${t.userId}`);
    expect(response.status).toBe(200);
    const figures = (due: number, taken: number) => ({ due, taken, rate: due === 0 ? null : taken / due });
    expect(response.body).toEqual({
      today,
      overall: { days7: figures(12 + 2 + 3, 3 + 0 + 1), days30: figures(18 + 2 + 3, 5 + 0 + 1) },
      medications: [
        { medicationId: stoppedLately.id, days7: figures(3, 1), days30: figures(3, 1) },
        { medicationId: addedLately.id, days7: figures(2, 0), days30: figures(2, 0) },
        { medicationId: twiceDaily.id, days7: figures(12, 3), days30: figures(18, 5) },
        { medicationId: startsTomorrow.id, days7: figures(0, 0), days30: figures(0, 0) },
      ],
    });
  });

  it('is null rates and no medications for a patient with none', async () => {
    const response = await api(t.app, 'GET', `/api/medications/adherence/${t.userId}`);
    expect(response.body).toEqual({
      today: todayIn(null),
      overall: { days7: { due: 0, taken: 0, rate: null }, days30: { due: 0, taken: 0, rate: null } },
      medications: [],
    });
  });

  it('answers 404 for another user', async () => {
    await expectRefused(t, 'GET', `/api/medications/adherence/${t.otherUserId}`, undefined, 404, 'User not found');
  });
});
