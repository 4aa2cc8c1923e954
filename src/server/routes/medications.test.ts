import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEDICATION_FORMS } from '../../shared/rules/medications';
import { todayIn } from '../../shared/rules/patient';
import { medicationDoses, medications, users } from '../db/schema/index';
import { createAppointment, createDose, createMedication, createProvider } from '../../testing/factories';
import { api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

const t = useTestApp();

const ZONE = 'Pacific/Auckland';
const MALFORMED_IDS = ['abc', '0', '-1', '1e3', '1.5', '01', '2147483648'];
const KINDS = 'daily, weekdays, every-hours, as-needed';

/** A complete POST /api/medications body: every field given. */
function newMedication(overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    name: 'Metformin',
    strength: '500 mg',
    form: 'tablet',
    dose: '1 tablet',
    route: 'By mouth',
    instructions: 'Take with food',
    reason: 'Type 2 diabetes',
    prescriber: 'Dr. Maria Lopez',
    providerId: null,
    pharmacy: 'Springfield Pharmacy',
    startDate: '2026-01-05',
    endDate: '2027-01-04',
    refillsLeft: 2,
    quantityOnHand: 41,
    schedule: { kind: 'daily', times: ['20:00', '08:00'] },
    ...overrides,
  };
}

const post = (body: object) => api(t.app, 'POST', '/api/medications', body);
const patch = (id: number, body: object) => api(t.app, 'PATCH', `/api/medications/${id}`, body);
const listOfPatient = async () => (await api(t.app, 'GET', `/api/medications/${t.userId}`)).body;
const activitiesOfPatient = async () =>
  (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body.map((activity: { activityType: string; description: string; iconType: string }) => [
    activity.activityType,
    activity.description,
    activity.iconType,
  ]);

/** The patient's today in their zone (set on the profile for every test here). */
const today = () => todayIn(ZONE);

async function useZone(timeZone: string | null) {
  await t.db.update(users).set({ timeZone }).where(eq(users.id, t.userId));
}

describe('GET /api/medications/{userId}', () => {
  it('lists the current medications (active or paused) by name, then the past ones by name, with every field', async () => {
    const zyrtec = await createMedication(t.db, t.userId, { name: 'Zyrtec' });
    const amoxicillin = await createMedication(t.db, t.userId, { name: 'Amoxicillin', status: 'stopped', stoppedOn: '2026-02-01' });
    const lisinopril = await createMedication(t.db, t.userId, { name: 'Lisinopril', status: 'paused', pausedOn: '2026-03-01' });
    const atorvastatin = await createMedication(t.db, t.userId, { name: 'Atorvastatin' });
    const prednisone = await createMedication(t.db, t.userId, { name: 'Prednisone', status: 'stopped', stoppedOn: '2026-01-10', stopReason: 'Course done' });
    await createMedication(t.db, t.otherUserId, { name: 'Aspirin' });

    const response = await api(t.app, 'GET', `/api/medications/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.map((medication: { id: number }) => medication.id)).toEqual([
      atorvastatin.id,
      lisinopril.id,
      zyrtec.id,
      amoxicillin.id,
      prednisone.id,
    ]);
    expect(response.body.at(-1)).toEqual({
      id: prednisone.id,
      userId: t.userId,
      name: 'Prednisone',
      codes: [],
      strength: '10 mg',
      form: 'tablet',
      dose: '1 tablet',
      route: null,
      instructions: null,
      reason: null,
      prescriber: null,
      providerId: null,
      pharmacy: null,
      startDate: null,
      endDate: null,
      status: 'stopped',
      pausedOn: null,
      stoppedOn: '2026-01-10',
      stopReason: 'Course done',
      refillsLeft: null,
      quantityOnHand: null,
      schedule: { kind: 'daily', times: ['08:00'] },
      remindAtNight: false,
      createdAt: prednisone.createdAt.toISOString(),
      updatedAt: prednisone.updatedAt.toISOString(),
    });
  });

  it('answers an empty list when the patient has none', async () => {
    await createMedication(t.db, t.otherUserId);
    expect(await listOfPatient()).toEqual([]);
  });

  it('answers 404 for another user and one that does not exist, 400 for a malformed id', async () => {
    await expectRefused(t, 'GET', `/api/medications/${t.otherUserId}`, undefined, 404, 'User not found');
    await expectRefused(t, 'GET', '/api/medications/999', undefined, 404, 'User not found');
    for (const bad of MALFORMED_IDS) await expectRefused(t, 'GET', `/api/medications/${bad}`, undefined, 400, 'userId: must be a positive whole number');
  });
});

describe('POST /api/medications', () => {
  it('stores the medication, active, answers 201 with it, and records "Started {name}"', async () => {
    await useZone(ZONE);
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Maria Lopez' });
    const response = await post(newMedication({ providerId: provider.id }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      userId: t.userId,
      name: 'Metformin',
      codes: [],
      strength: '500 mg',
      form: 'tablet',
      dose: '1 tablet',
      route: 'By mouth',
      instructions: 'Take with food',
      reason: 'Type 2 diabetes',
      prescriber: 'Dr. Maria Lopez',
      providerId: provider.id,
      pharmacy: 'Springfield Pharmacy',
      startDate: '2026-01-05',
      endDate: '2027-01-04',
      status: 'active',
      pausedOn: null,
      stoppedOn: null,
      stopReason: null,
      refillsLeft: 2,
      quantityOnHand: 41,
      schedule: { kind: 'daily', times: ['08:00', '20:00'] },
      remindAtNight: false,
      createdAt: expect.any(String),
      updatedAt: response.body.createdAt,
    });
    expect(await listOfPatient()).toEqual([response.body]);
    expect(await activitiesOfPatient()).toEqual([['medication_started', 'Started Metformin', 'medication']]);
  });

  it('stores "Remind even at night" when asked (issue 33), changes it on PATCH, and refuses what is not true or false', async () => {
    const response = await post(newMedication({ name: 'Atorvastatin', schedule: { kind: 'daily', times: ['22:00'] }, remindAtNight: true }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ remindAtNight: true });
    const changed = await patch(response.body.id, { remindAtNight: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ remindAtNight: false, name: 'Atorvastatin' });
    expect((await patch(response.body.id, { name: 'Atorvastatin calcium' })).body).toMatchObject({ remindAtNight: false });
    await expectRefused(t, 'POST', '/api/medications', newMedication({ remindAtNight: 'yes' }), 400, 'remindAtNight: must be true or false');
    await expectRefused(t, 'PATCH', `/api/medications/${response.body.id}`, { remindAtNight: null }, 400, 'remindAtNight: must be true or false');
  });

  it('stores only the name and the schedule when nothing else is given, blank texts as none', async () => {
    const response = await post({ userId: t.userId, name: '  Albuterol ', strength: '  ', dose: '', schedule: { kind: 'as-needed' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Albuterol', strength: null, dose: null, form: null, providerId: null, startDate: null, refillsLeft: null });
  });

  it.each([
    ['daily, sorted and each time once', { kind: 'daily', times: ['20:00', '08:00', '20:00'] }, { kind: 'daily', times: ['08:00', '20:00'] }],
    [
      'on weekdays, in the week’s order',
      { kind: 'weekdays', weekdays: ['fri', 'mon', 'fri'], times: ['09:00'] },
      { kind: 'weekdays', weekdays: ['mon', 'fri'], times: ['09:00'] },
    ],
    ['every 8 hours from 06:00', { kind: 'every-hours', everyHours: 8, firstTime: '06:00' }, { kind: 'every-hours', everyHours: 8, firstTime: '06:00' }],
    ['as needed', { kind: 'as-needed' }, { kind: 'as-needed' }],
  ])('stores a schedule %s', async (_case, schedule, stored) => {
    const response = await post(newMedication({ schedule }));
    expect(response.status).toBe(201);
    expect(response.body.schedule).toEqual(stored);
    const [row] = await t.db.select({ schedule: medications.schedule }).from(medications);
    expect(row?.schedule).toEqual(stored);
  });

  it.each(MEDICATION_FORMS)('accepts the form %s', async (form) => {
    expect((await post(newMedication({ form }))).body.form).toBe(form);
  });

  it('accepts the edges: a one-day course, no refills, nothing on hand, 99 refills, 100,000 on hand, texts at their longest', async () => {
    for (const fields of [
      { startDate: '2026-03-02', endDate: '2026-03-02', refillsLeft: 0, quantityOnHand: 0 },
      { refillsLeft: 99, quantityOnHand: 100_000, name: 'N'.repeat(200), instructions: 'I'.repeat(500), strength: 'S'.repeat(100) },
    ]) {
      const response = await post(newMedication(fields));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject(fields);
    }
  });

  it("adds a past medication, stopped on the day given or the patient's today, with its reason, and records nothing", async () => {
    await useZone(ZONE);
    const given = await post(newMedication({ name: 'Amoxicillin', status: 'stopped', stoppedOn: '2026-01-20', stopReason: 'Finished the course' }));
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ status: 'stopped', stoppedOn: '2026-01-20', stopReason: 'Finished the course', pausedOn: null });
    const defaulted = await post(newMedication({ name: 'Prednisone', status: 'stopped', startDate: null, endDate: null }));
    expect(defaulted.body).toMatchObject({ status: 'stopped', stoppedOn: today(), stopReason: null });
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it("adds a paused medication, paused from the patient's today", async () => {
    await useZone(ZONE);
    const response = await post(newMedication({ status: 'paused', stopReason: 'Until the surgery' }));
    expect(response.body).toMatchObject({ status: 'paused', pausedOn: today(), stoppedOn: null, stopReason: 'Until the surgery' });
  });

  const SCHEDULE = `schedule: must be a schedule: an object whose kind is one of ${KINDS}`;
  it.each([
    ['no name', { name: undefined }, 'name: Medication name is required'],
    ['a blank name', { name: '   ' }, 'name: Medication name is required'],
    ['a name over 200 characters', { name: 'N'.repeat(201) }, 'name: must be at most 200 characters'],
    ['U+0000 in the name', { name: 'Met\u0000formin' }, 'name: must not contain the character U+0000 (NUL)'],
    ['U+0000 in the instructions', { instructions: 'With\u0000food' }, 'instructions: must not contain the character U+0000 (NUL)'],
    ['a strength over 100 characters', { strength: 'S'.repeat(101) }, 'strength: must be at most 100 characters'],
    ['an unknown form', { form: 'pill' }, `form: must be one of ${MEDICATION_FORMS.join(', ')}`],
    ['a dose over 100 characters', { dose: 'D'.repeat(101) }, 'dose: must be at most 100 characters'],
    ['a route over 100 characters', { route: 'R'.repeat(101) }, 'route: must be at most 100 characters'],
    ['instructions over 500 characters', { instructions: 'I'.repeat(501) }, 'instructions: must be at most 500 characters'],
    ['a reason over 200 characters', { reason: 'R'.repeat(201) }, 'reason: must be at most 200 characters'],
    ['a prescriber over 200 characters', { prescriber: 'P'.repeat(201) }, 'prescriber: must be at most 200 characters'],
    ['a provider id that is not one', { providerId: 'Dr. Lopez' }, 'providerId: must be a positive whole number'],
    ['a pharmacy over 200 characters', { pharmacy: 'P'.repeat(201) }, 'pharmacy: must be at most 200 characters'],
    ['a start that is not a day', { startDate: '2026-02-30' }, 'startDate: must be a date (yyyy-MM-dd)'],
    ['an end that is not a day', { endDate: 'soon' }, 'endDate: must be a date (yyyy-MM-dd)'],
    ['an end before the start', { startDate: '2026-03-02', endDate: '2026-03-01' }, 'endDate: must be on or after the start date'],
    ['refills below 0', { refillsLeft: -1 }, 'refillsLeft: must be a whole number from 0 to 99'],
    ['refills over 99', { refillsLeft: 100 }, 'refillsLeft: must be a whole number from 0 to 99'],
    ['a quantity that is not whole', { quantityOnHand: 1.5 }, 'quantityOnHand: must be a whole number from 0 to 100000'],
    ['no schedule', { schedule: undefined }, SCHEDULE],
    ['a schedule that is a word', { schedule: 'daily' }, SCHEDULE],
    ['a schedule of an unknown kind', { schedule: { kind: 'weekly' } }, `schedule.kind: must be one of ${KINDS}`],
    ['daily without times', { schedule: { kind: 'daily', times: [] } }, 'schedule.times: must have at least one time of day'],
    ['a time without its leading zero', { schedule: { kind: 'daily', times: ['8:00'] } }, 'schedule.times.0: must be a time of day such as 08:00'],
    [
      '13 times a day',
      { schedule: { kind: 'daily', times: Array.from({ length: 13 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`) } },
      'schedule.times: must have at most 12 times of day',
    ],
    ['weekdays without weekdays', { schedule: { kind: 'weekdays', weekdays: [], times: ['08:00'] } }, 'schedule.weekdays: must have at least one weekday'],
    [
      'a weekday written out',
      { schedule: { kind: 'weekdays', weekdays: ['monday'], times: ['08:00'] } },
      'schedule.weekdays.0: must each be one of mon, tue, wed, thu, fri, sat, sun',
    ],
    ['every 13 hours', { schedule: { kind: 'every-hours', everyHours: 13, firstTime: '06:00' } }, 'schedule.everyHours: must be a whole number of hours from 1 to 12'],
    ['every 0 hours', { schedule: { kind: 'every-hours', everyHours: 0, firstTime: '06:00' } }, 'schedule.everyHours: must be a whole number of hours from 1 to 12'],
    ['every hours without a first time', { schedule: { kind: 'every-hours', everyHours: 8 } }, 'schedule.firstTime: must be a time of day such as 08:00'],
    ['an unknown status', { status: 'ended' }, 'status: must be one of active, paused, stopped'],
    ['a stop day that is not a day', { status: 'stopped', stoppedOn: 'yesterday' }, 'stoppedOn: must be a date (yyyy-MM-dd)'],
    ['a stop reason over 500 characters', { status: 'stopped', stopReason: 'R'.repeat(501) }, 'stopReason: must be at most 500 characters'],
    ['a stop day without the status stopped', { stoppedOn: '2026-02-01' }, 'stoppedOn: only a stopped medication has a day it was stopped'],
    ['a stop reason on an active medication', { stopReason: 'Side effects' }, 'stopReason: only a stopped or paused medication has a reason it was stopped'],
    ['a stop day after today', { status: 'stopped', stoppedOn: '2999-01-01' }, 'stoppedOn: cannot be after today'],
    ['a stop day before the start', { status: 'stopped', stoppedOn: '2026-01-04' }, 'stoppedOn: must be on or after the start date'],
    ['a user id that is not one', { userId: 'me' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, fields, message) => {
    await expectRefused(t, 'POST', '/api/medications', newMedication(fields), 400, message);
  });

  it('refuses an empty body with 400 naming the first field', async () => {
    await expectRefused(t, 'POST', '/api/medications', {}, 400, 'name: Medication name is required');
  });

  it("answers 404 for another user's provider, one that does not exist, and another user, and changes nothing", async () => {
    const theirs = await createProvider(t.db, t.otherUserId);
    await expectRefused(t, 'POST', '/api/medications', newMedication({ providerId: theirs.id }), 404, 'Provider not found');
    await expectRefused(t, 'POST', '/api/medications', newMedication({ providerId: 999 }), 404, 'Provider not found');
    await expectRefused(t, 'POST', '/api/medications', newMedication({ userId: t.otherUserId }), 404, 'User not found');
  });

  it('stores neither the medication nor its activity when the activity cannot be written', async () => {
    const before = await snapshotData(t.db);
    await withFailingActivityLog(t.db, async () => {
      expect((await post(newMedication())).status).toBe(500);
    });
    expect(await snapshotData(t.db)).toEqual(before);
  });
});

describe('PATCH /api/medications/{id}', () => {
  it('changes the fields given, keeps the others, and answers the medication', async () => {
    const medication = await createMedication(t.db, t.userId, { startDate: '2026-01-05', instructions: 'Morning' });
    const provider = await createProvider(t.db, t.userId);
    const response = await patch(medication.id, {
      instructions: ' With water ',
      providerId: provider.id,
      schedule: { kind: 'weekdays', weekdays: ['sat', 'mon'], times: ['07:30'] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Lisinopril',
      strength: '10 mg',
      instructions: 'With water',
      providerId: provider.id,
      startDate: '2026-01-05',
      schedule: { kind: 'weekdays', weekdays: ['mon', 'sat'], times: ['07:30'] },
      status: 'active',
    });
    expect(new Date(response.body.updatedAt).getTime()).toBeGreaterThanOrEqual(medication.updatedAt.getTime());
    expect(await listOfPatient()).toEqual([response.body]);
  });

  it('clears a field sent as null or blank', async () => {
    const medication = await createMedication(t.db, t.userId, { providerId: (await createProvider(t.db, t.userId)).id, pharmacy: 'Corner', refillsLeft: 3 });
    const response = await patch(medication.id, { providerId: null, pharmacy: '  ', refillsLeft: null });
    expect(response.body).toMatchObject({ providerId: null, pharmacy: null, refillsLeft: null });
  });

  it("stops a medication on the patient's today with a reason, records \"Stopped {name}\", and starts it again", async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId, { name: 'Atorvastatin' });
    const stopped = await patch(medication.id, { status: 'stopped', stopReason: 'Muscle aches' });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ status: 'stopped', stoppedOn: today(), stopReason: 'Muscle aches', pausedOn: null });

    // Kept stopped: the day and the reason stay; the day can be corrected.
    expect((await patch(medication.id, { status: 'stopped', dose: '2 tablets' })).body).toMatchObject({ stoppedOn: today(), stopReason: 'Muscle aches' });
    expect((await patch(medication.id, { stoppedOn: '2026-02-01' })).body).toMatchObject({ stoppedOn: '2026-02-01', stopReason: 'Muscle aches' });

    const again = await patch(medication.id, { status: 'active' });
    expect(again.body).toMatchObject({ status: 'active', stoppedOn: null, stopReason: null, pausedOn: null });
    expect(await activitiesOfPatient()).toEqual([
      ['medication_started', 'Started Atorvastatin', 'medication'],
      ['medication_stopped', 'Stopped Atorvastatin', 'medication'],
    ]);
  });

  it('stops a medication on the day given', async () => {
    const medication = await createMedication(t.db, t.userId, { startDate: '2026-01-05' });
    expect((await patch(medication.id, { status: 'stopped', stoppedOn: '2026-01-05' })).body).toMatchObject({ stoppedOn: '2026-01-05' });
  });

  it('pauses from today, keeps the day while paused, and active again clears it, recording no activity', async () => {
    await useZone(ZONE);
    const medication = await createMedication(t.db, t.userId);
    expect((await patch(medication.id, { status: 'paused' })).body).toMatchObject({ status: 'paused', pausedOn: today(), stoppedOn: null });
    await t.db.update(medications).set({ pausedOn: '2026-02-01' }).where(eq(medications.id, medication.id));
    expect((await patch(medication.id, { status: 'paused', reason: 'Blood pressure' })).body).toMatchObject({ pausedOn: '2026-02-01' });
    expect((await patch(medication.id, { status: 'stopped' })).body).toMatchObject({ status: 'stopped', pausedOn: null, stoppedOn: today() });
    const resumed = await createMedication(t.db, t.userId, { status: 'paused', pausedOn: '2026-02-01' });
    expect((await patch(resumed.id, { status: 'active' })).body).toMatchObject({ status: 'active', pausedOn: null });
    expect((await activitiesOfPatient()).map(([type]: string[]) => type)).toEqual(['medication_stopped']);
  });

  it('refuses an end before the stored start, and a start after the stored end, naming the field sent', async () => {
    const medication = await createMedication(t.db, t.userId, { startDate: '2026-03-02', endDate: '2026-04-01' });
    await expectRefused(t, 'PATCH', `/api/medications/${medication.id}`, { endDate: '2026-03-01' }, 400, 'endDate: must be on or after the start date');
    await expectRefused(t, 'PATCH', `/api/medications/${medication.id}`, { startDate: '2026-04-02' }, 400, 'startDate: must be on or before the end date');
    await expectRefused(
      t,
      'PATCH',
      `/api/medications/${medication.id}`,
      { startDate: '2026-04-02', endDate: '2026-04-01' },
      400,
      'endDate: must be on or after the start date',
    );
    expect((await patch(medication.id, { startDate: '2026-04-02', endDate: null })).body).toMatchObject({ startDate: '2026-04-02', endDate: null });
  });

  it.each([
    ['nothing', {}, 'Nothing to update'],
    ['a blank name', { name: ' ' }, 'name: Medication name is required'],
    ['a schedule of an unknown kind', { schedule: { kind: 'monthly' } }, `schedule.kind: must be one of ${KINDS}`],
    ['an unknown status', { status: 'done' }, 'status: must be one of active, paused, stopped'],
    ['a stop day on an active medication', { stoppedOn: '2026-02-01' }, 'stoppedOn: only a stopped medication has a day it was stopped'],
    ['a stop day while pausing', { status: 'paused', stoppedOn: '2026-02-01' }, 'stoppedOn: only a stopped medication has a day it was stopped'],
    ['a stop reason while making it active', { status: 'active', stopReason: 'Better' }, 'stopReason: only a stopped or paused medication has a reason it was stopped'],
    ['U+0000 in the reason', { reason: 'High\u0000blood pressure' }, 'reason: must not contain the character U+0000 (NUL)'],
  ])('refuses %s with 400, and changes nothing', async (_case, body, message) => {
    const medication = await createMedication(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/medications/${medication.id}`, body, 400, message);
  });

  it("answers 404 for another user's medication, one that does not exist, and another user's provider, changing nothing", async () => {
    const theirs = await createMedication(t.db, t.otherUserId);
    const mine = await createMedication(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/medications/${theirs.id}`, { name: 'Mine now' }, 404, 'Medication not found');
    await expectRefused(t, 'PATCH', '/api/medications/999', { name: 'Nothing' }, 404, 'Medication not found');
    const theirProvider = await createProvider(t.db, t.otherUserId);
    await expectRefused(t, 'PATCH', `/api/medications/${mine.id}`, { providerId: theirProvider.id }, 404, 'Provider not found');
  });
});

describe('DELETE /api/medications/{id}', () => {
  it('removes the medication with its dose log, and nothing else', async () => {
    const medication = await createMedication(t.db, t.userId);
    const kept = await createMedication(t.db, t.userId, { name: 'Metformin' });
    await createDose(t.db, medication);
    const keptDose = await createDose(t.db, kept);
    const response = await api(t.app, 'DELETE', `/api/medications/${medication.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await listOfPatient()).map((row: { id: number }) => row.id)).toEqual([kept.id]);
    expect(await t.db.select().from(medicationDoses)).toEqual([keptDose]);
  });

  it("answers 404 for another user's medication and one that does not exist, changing nothing", async () => {
    const theirs = await createMedication(t.db, t.otherUserId);
    await createDose(t.db, theirs);
    await expectRefused(t, 'DELETE', `/api/medications/${theirs.id}`, undefined, 404, 'Medication not found');
    await expectRefused(t, 'DELETE', '/api/medications/999', undefined, 404, 'Medication not found');
    for (const bad of MALFORMED_IDS) await expectRefused(t, 'DELETE', `/api/medications/${bad}`, undefined, 400, 'id: must be a positive whole number');
  });
});

describe('a provider that a medication names', () => {
  it('can still be removed: the medication stays, unlinked, its prescriber as written', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Maria Lopez' });
    const created = await post(newMedication({ providerId: provider.id }));
    const response = await api(t.app, 'DELETE', `/api/providers/${provider.id}`);
    expect(response.status).toBe(204);
    expect(await listOfPatient()).toEqual([{ ...created.body, providerId: null }]);
  });

  it('is still kept while an appointment names it (409), the medication unchanged', async () => {
    const provider = await createProvider(t.db, t.userId);
    await createAppointment(t.db, t.userId, provider.id);
    await createMedication(t.db, t.userId, { providerId: provider.id });
    await expectRefused(t, 'DELETE', `/api/providers/${provider.id}`, undefined, 409, 'This provider is named by 1 appointment and cannot be removed');
  });
});
