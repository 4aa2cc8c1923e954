import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppointment, createCareItem, createDose, createMedication, createProvider } from '../../../testing/factories';
import { useTestDatabase } from '../../../testing/test-app';
import { appointments, medications, notifications, notificationSettings, users } from '../../db/schema/index';
import { patientsToPlan, planPatients, planReminders } from './planner';

// The planner on a real database (PGlite and PostgreSQL): what the data calls for at a given instant. Time is the
// `now` it is given, never the clock. 2026-11-30 is a Monday; Berlin is UTC+1, New York UTC-5, Tokyo UTC+9.

const context = useTestDatabase();
const at = (iso: string) => new Date(iso);

async function inZone(timeZone: string | null, userId = context.userId) {
  await context.db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** One computation for the patient (or another user): `since` null is a first run. */
function plan(now: string, since: string | null = null, userId = context.userId) {
  return planReminders(context.db, { id: userId }, { since: since === null ? null : at(since), now: at(now) });
}

/** What the planner wrote, oldest first, in the words that matter to each test. */
async function written(userId = context.userId) {
  const rows = await context.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.map((row) => ({
    kind: row.kind,
    subject: row.subject,
    occurrence: row.occurrence,
    title: row.title,
    discreetText: row.discreetText,
    createdAt: row.createdAt.toISOString(),
    missed: row.missed,
    dispatched: row.dispatched,
    remindAtNight: row.remindAtNight,
  }));
}

const kinds = async (userId = context.userId) => (await written(userId)).map((row) => `${row.kind} ${row.occurrence}${row.missed ? ' missed' : ''}`);

describe('appointment reminders', () => {
  async function colonoscopy(overrides: Partial<typeof appointments.$inferInsert> = {}) {
    await inZone('Europe/Berlin');
    const provider = await createProvider(context.db, context.userId, { name: 'Dr. Sarah Chen' });
    return createAppointment(context.db, context.userId, provider.id, { appointmentType: 'Colonoscopy', appointmentDate: '2026-12-02', appointmentTime: '09:00', ...overrides });
  }

  it('reminds the day before and two hours before, each once, with the provider named in the app only', async () => {
    const appointment = await colonoscopy();
    // 09:00 in Berlin is 08:00 UTC: the day before's reminder fires at 2026-12-01T08:00Z.
    expect(await plan('2026-12-01T07:59:00Z')).toBe(0);
    expect(await plan('2026-12-01T08:00:00Z', '2026-12-01T07:59:00Z')).toBe(1);
    expect(await plan('2026-12-01T08:01:00Z', '2026-12-01T08:00:00Z')).toBe(0);
    expect(await written()).toEqual([
      {
        kind: 'appointment-tomorrow',
        subject: `appointment:${appointment.id}`,
        occurrence: '2026-12-02T08:00:00.000Z',
        title: 'Colonoscopy tomorrow at 9:00 with Dr. Sarah Chen',
        discreetText: 'appointment tomorrow at 9:00',
        createdAt: '2026-12-01T08:00:00.000Z',
        missed: false,
        dispatched: false,
        remindAtNight: false,
      },
    ]);
    // Two hours before: 07:00 in Berlin on the day.
    expect(await plan('2026-12-02T05:59:00Z', '2026-12-02T05:58:00Z')).toBe(0);
    expect(await plan('2026-12-02T06:00:00Z', '2026-12-02T05:59:00Z')).toBe(1);
    const soon = (await written())[1]!;
    expect(soon).toMatchObject({ kind: 'appointment-soon', title: 'Colonoscopy today at 9:00 with Dr. Sarah Chen', discreetText: 'appointment today at 9:00' });
    expect(await plan('2026-12-02T07:59:00Z', '2026-12-02T07:58:00Z')).toBe(0);
  });

  it('says the part of the day for an appointment booked for a time of day, from its first hour', async () => {
    await colonoscopy({ appointmentTime: 'morning' });
    // A morning starts at 08:00 in Berlin (07:00 UTC).
    expect(await plan('2026-12-01T07:00:00Z')).toBe(1);
    expect((await written())[0]).toMatchObject({ occurrence: '2026-12-02T07:00:00.000Z', discreetText: 'appointment tomorrow in the morning' });
  });

  it('reminds of nothing cancelled or completed', async () => {
    await colonoscopy({ status: 'cancelled' });
    await colonoscopy({ status: 'completed', appointmentTime: '10:00' });
    expect(await plan('2026-12-02T06:30:00Z')).toBe(0);
    expect(await written()).toEqual([]);
  });

  it('reminds again at an appointment’s new time when it moves, and never at the old one', async () => {
    const appointment = await colonoscopy();
    expect(await plan('2026-12-01T08:00:00Z')).toBe(1);
    // Moved to the next day, same hour.
    await context.db.update(appointments).set({ appointmentDate: '2026-12-03' }).where(eq(appointments.id, appointment.id));
    let since = '2026-12-01T08:00:00Z';
    // Every minute through the old time's two-hours-before and start, up to the new time's day before.
    for (const now of ['2026-12-02T05:59:00Z', '2026-12-02T06:00:00Z', '2026-12-02T06:01:00Z', '2026-12-02T07:59:00Z', '2026-12-02T08:00:00Z']) {
      await plan(now, since);
      since = now;
    }
    expect(await kinds()).toEqual(['appointment-tomorrow 2026-12-02T08:00:00.000Z', 'appointment-tomorrow 2026-12-03T08:00:00.000Z']);
    // Moved half an hour earlier after its day-before reminder: reminded again at once, for the new time.
    await context.db.update(appointments).set({ appointmentTime: '08:30' }).where(eq(appointments.id, appointment.id));
    expect(await plan('2026-12-02T08:01:00Z', since)).toBe(1);
    expect(await written()).toContainEqual(
      expect.objectContaining({ kind: 'appointment-tomorrow', occurrence: '2026-12-03T07:30:00.000Z', title: 'Colonoscopy tomorrow at 8:30 with Dr. Sarah Chen', createdAt: '2026-12-02T07:30:00.000Z' }),
    );
  });
});

describe('dose reminders', () => {
  it('reminds of a dose at its time and, not logged an hour later, says so; a logged dose is not reminded', async () => {
    await inZone('Europe/Berlin');
    const medication = await createMedication(context.db, context.userId, { name: 'Metformin', strength: '500 mg', schedule: { kind: 'daily', times: ['08:00', '20:00'] }, remindAtNight: true });
    // 08:00 in Berlin is 07:00 UTC.
    expect(await plan('2026-12-01T06:59:00Z')).toBe(0);
    expect(await plan('2026-12-01T07:00:00Z', '2026-12-01T06:59:00Z')).toBe(1);
    expect(await plan('2026-12-01T08:00:00Z', '2026-12-01T07:59:00Z')).toBe(1);
    expect(await written()).toEqual([
      {
        kind: 'dose-due',
        subject: `medication:${medication.id}`,
        occurrence: '2026-12-01T07:00:00.000Z',
        title: 'Time for Metformin 500 mg (8:00)',
        discreetText: 'a dose at 8:00',
        createdAt: '2026-12-01T07:00:00.000Z',
        missed: false,
        dispatched: false,
        remindAtNight: true,
      },
      {
        kind: 'dose-missed',
        subject: `medication:${medication.id}`,
        occurrence: '2026-12-01T07:00:00.000Z',
        title: 'Metformin 500 mg at 8:00 is not logged yet',
        discreetText: 'a dose at 8:00 is not logged',
        createdAt: '2026-12-01T08:00:00.000Z',
        missed: false,
        dispatched: false,
        remindAtNight: false,
      },
    ]);
    // The evening's dose is logged (taken early): neither reminded nor said to be missing.
    await createDose(context.db, medication, { scheduledDate: '2026-12-01', scheduledTime: '20:00', takenAt: at('2026-12-01T18:30:00Z') });
    expect(await plan('2026-12-01T19:00:00Z', '2026-12-01T18:59:00Z')).toBe(0);
    expect(await plan('2026-12-01T20:00:00Z', '2026-12-01T19:59:00Z')).toBe(0);
  });

  it('says nothing of a dose logged skipped, of as-needed, paused or stopped medications', async () => {
    await inZone('Europe/Berlin');
    const skipped = await createMedication(context.db, context.userId, { name: 'Aspirin' });
    await createDose(context.db, skipped, { scheduledDate: '2026-12-01', scheduledTime: '08:00', status: 'skipped', takenAt: null });
    await createMedication(context.db, context.userId, { name: 'Inhaler', schedule: { kind: 'as-needed' } });
    await createMedication(context.db, context.userId, { name: 'Paused', status: 'paused', pausedOn: '2026-11-01' });
    await createMedication(context.db, context.userId, { name: 'Stopped', status: 'stopped', stoppedOn: '2026-11-01' });
    expect(await plan('2026-12-01T07:00:00Z')).toBe(0);
    expect(await plan('2026-12-01T08:30:00Z', '2026-12-01T07:00:00Z')).toBe(0);
  });
});

describe('after downtime', () => {
  it('writes what is still useful live and what fell in the gap missed, after three hours down', async () => {
    await inZone('Europe/Berlin');
    const provider = await createProvider(context.db, context.userId);
    const endoscopy = await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-01', appointmentTime: '09:00' });
    const ahead = await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-01', appointmentTime: '11:00' });
    const tomorrow = await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '09:00' });
    await createMedication(context.db, context.userId, { schedule: { kind: 'daily', times: ['07:00', '09:00'] } });
    // Last computed at 06:30 in Berlin (05:30 UTC), back at 09:30 (08:30 UTC).
    const since = '2026-12-01T05:30:00Z';
    const now = '2026-12-01T08:30:00Z';

    // A first run at that time would write only what is still useful.
    expect(await plan(now)).toBe(4);
    const live = await kinds();
    await context.db.delete(notifications);

    expect(await plan(now, since)).toBe(6);
    expect((await written()).map(({ kind, subject, occurrence, createdAt, missed, dispatched }) => ({ kind, subject, occurrence, createdAt, missed, dispatched }))).toEqual([
      // The 09:00 appointment's two-hours-before (07:00) fell in the gap and it has started: missed, never sent.
      { kind: 'appointment-soon', subject: `appointment:${endoscopy.id}`, occurrence: '2026-12-01T08:00:00.000Z', createdAt: '2026-12-01T06:00:00.000Z', missed: true, dispatched: true },
      // The 07:00 dose's hour is over: missed; that it is not logged is still worth saying.
      { kind: 'dose-due', subject: expect.stringMatching(/^medication:/), occurrence: '2026-12-01T06:00:00.000Z', createdAt: '2026-12-01T06:00:00.000Z', missed: true, dispatched: true },
      { kind: 'dose-missed', subject: expect.stringMatching(/^medication:/), occurrence: '2026-12-01T06:00:00.000Z', createdAt: '2026-12-01T07:00:00.000Z', missed: false, dispatched: false },
      // Still within its hour: the 09:00 dose; still ahead: the 11:00 appointment and tomorrow's.
      { kind: 'appointment-soon', subject: `appointment:${ahead.id}`, occurrence: '2026-12-01T10:00:00.000Z', createdAt: '2026-12-01T08:00:00.000Z', missed: false, dispatched: false },
      { kind: 'appointment-tomorrow', subject: `appointment:${tomorrow.id}`, occurrence: '2026-12-02T08:00:00.000Z', createdAt: '2026-12-01T08:00:00.000Z', missed: false, dispatched: false },
      { kind: 'dose-due', subject: expect.stringMatching(/^medication:/), occurrence: '2026-12-01T08:00:00.000Z', createdAt: '2026-12-01T08:00:00.000Z', missed: false, dispatched: false },
    ]);
    expect((await kinds()).filter((line) => !line.endsWith('missed')).sort()).toEqual([...live].sort());
    // The next minute writes nothing more.
    expect(await plan('2026-12-01T08:31:00Z', now)).toBe(0);
  });

  it('does not mark missed what fell more than a week ago', async () => {
    await inZone('Europe/Berlin');
    await createMedication(context.db, context.userId, { schedule: { kind: 'daily', times: ['08:00'] } });
    // Down for a month: only the last week's doses are marked missed, one 'due' each (their 'not logged' too).
    await plan('2026-12-01T06:00:00Z', '2026-11-01T06:00:00Z');
    const missedDays = (await written()).filter((row) => row.kind === 'dose-due').map((row) => row.occurrence.slice(0, 10));
    expect(missedDays).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
  });
});

describe('the patient’s clock', () => {
  it('computes each patient’s reminders in their own time zone', async () => {
    const tokyo = context.userId;
    const newYork = context.otherUserId;
    const planBoth = (now: string, since: string | null) =>
      planPatients(context.db, [tokyo, newYork].map((id) => ({ patient: { id }, since: since === null ? null : at(since) })), at(now));
    await inZone('Asia/Tokyo', tokyo);
    await inZone('America/New_York', newYork);
    for (const userId of [tokyo, newYork]) {
      await createMedication(context.db, userId, { schedule: { kind: 'daily', times: ['08:00'] } });
      const provider = await createProvider(context.db, userId);
      await createAppointment(context.db, userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '09:00' });
    }
    // 12:00 UTC: 21:00 in Tokyo, the evening before its 09:00 appointment, and its 08:00 dose not logged today (due at
    // 23:00 UTC the day before); 07:00 in New York, 26 h before its own, and the dose an hour away. Both in one pass,
    // as the scheduler computes them: one query of each kind for both, each read on their own clock.
    expect(await planBoth('2026-12-01T12:00:00Z', null)).toBe(2);
    expect(await kinds(tokyo)).toEqual(['appointment-tomorrow 2026-12-02T00:00:00.000Z', 'dose-missed 2026-11-30T23:00:00.000Z']);
    expect((await written(tokyo))[0]).toMatchObject({ createdAt: '2026-12-01T00:00:00.000Z', discreetText: 'appointment tomorrow at 9:00' });
    expect(await written(newYork)).toEqual([]);
    // 13:00 UTC: 08:00 in New York, its dose is due; 22:00 in Tokyo, where it was due at 23:00 UTC the day before.
    expect(await planBoth('2026-12-01T13:00:00Z', '2026-12-01T12:00:00Z')).toBe(1);
    expect(await kinds(newYork)).toEqual(['dose-due 2026-12-01T13:00:00.000Z']);
    // 23:00 UTC: 08:00 the next morning in Tokyo, an hour before the appointment.
    await plan('2026-12-01T23:00:00Z', '2026-12-01T22:59:00Z', tokyo);
    expect((await kinds(tokyo)).slice(2)).toEqual(['appointment-soon 2026-12-02T00:00:00.000Z', 'dose-due 2026-12-01T23:00:00.000Z']);
  });

  it('uses the machine’s zone for a patient without one', async () => {
    await inZone(null);
    await createMedication(context.db, context.userId, { schedule: { kind: 'daily', times: ['08:00'] } });
    const due = new Date(2026, 11, 1, 8, 0);
    await plan(due.toISOString());
    expect(await kinds()).toEqual([`dose-due ${due.toISOString()}`]);
  });
});

describe('refills', () => {
  const stated = at('2026-11-25T12:00:00Z');

  it('reminds once per stated supply when what is left covers a week of the schedule or less', async () => {
    await inZone('Europe/Berlin');
    // The doses' own reminders are not what this is about.
    await context.db.insert(notificationSettings).values({ userId: context.userId, doseReminders: false, missedDoses: false });
    // Two a day, 16 stated: a week and a day's doses.
    const medication = await createMedication(context.db, context.userId, { name: 'Metformin', strength: null, schedule: { kind: 'daily', times: ['08:00', '20:00'] }, quantityOnHand: 16, updatedAt: stated });
    // Taken before the quantity was stated: not counted against it.
    await createDose(context.db, medication, { scheduledDate: '2026-11-24', scheduledTime: '08:00', takenAt: at('2026-11-24T07:05:00Z'), loggedAt: at('2026-11-24T07:06:00Z') });
    // 11:00 in Berlin: one dose still to come today, then seven days of two: exactly covered.
    const now = '2026-12-01T10:00:00Z';
    expect(await plan(now)).toBe(0);
    await createDose(context.db, medication, { scheduledDate: '2026-12-01', scheduledTime: '08:00', takenAt: at('2026-12-01T07:05:00Z'), loggedAt: at('2026-12-01T07:06:00Z') });
    await createDose(context.db, medication, { scheduledDate: '2026-11-30', scheduledTime: '20:00', takenAt: at('2026-11-30T19:05:00Z'), loggedAt: at('2026-11-30T19:06:00Z') });
    // 14 left: today's one, then six days of two, and one short on the seventh.
    expect(await plan(now)).toBe(1);
    expect(await written()).toEqual([
      expect.objectContaining({
        kind: 'refill-low',
        subject: `medication:${medication.id}`,
        occurrence: stated.toISOString(),
        title: 'Metformin has about 7 days left: time to refill',
        discreetText: 'a refill is due',
        createdAt: now.replace('Z', '.000Z'),
      }),
    ]);
    expect(await plan('2026-12-02T10:00:00Z', now)).toBe(0);
    // A new supply stated, still low: reminded again.
    const restated = at('2026-12-03T12:00:00Z');
    await context.db.update(medications).set({ quantityOnHand: 0, updatedAt: restated }).where(eq(medications.id, medication.id));
    expect(await plan('2026-12-03T12:01:00Z', '2026-12-03T12:00:00Z')).toBe(1);
    expect((await written()).at(-1)).toMatchObject({ occurrence: restated.toISOString(), title: 'Metformin may have run out: time to refill' });
  });

  it('does not remind of a course that ends with enough left, nor without a quantity', async () => {
    await inZone('Europe/Berlin');
    await createMedication(context.db, context.userId, { schedule: { kind: 'daily', times: ['08:00'] }, quantityOnHand: 4, endDate: '2026-12-04', updatedAt: stated });
    await createMedication(context.db, context.userId, { name: 'Other', schedule: { kind: 'daily', times: ['12:00'] }, quantityOnHand: null });
    expect(await plan('2026-12-01T06:00:00Z')).toBe(0);
  });
});

describe('the care digest', () => {
  it('is written once a week, on Monday at 09:00, when any care item is overdue or due soon', async () => {
    await inZone('Europe/Berlin');
    await createCareItem(context.db, context.userId, { careName: 'Flu Shot', dueDate: '2026-11-01' });
    await createCareItem(context.db, context.userId, { careName: 'Colonoscopy', dueDate: '2027-01-15' });
    await createCareItem(context.db, context.userId, { careName: 'Eye Exam', dueDate: '2028-01-15' });
    await createCareItem(context.db, context.userId, { careName: 'Dental Cleaning', dueDate: '2026-10-01', status: 'completed' });
    // Monday 2026-11-30, 08:59 and 09:00 in Berlin.
    expect(await plan('2026-11-30T07:59:00Z')).toBe(0);
    expect(await plan('2026-11-30T08:00:00Z', '2026-11-30T07:59:00Z')).toBe(1);
    expect(await written()).toEqual([
      expect.objectContaining({
        kind: 'care-digest',
        subject: 'care',
        occurrence: '2026-11-30',
        title: 'Preventative care: 1 overdue, 1 due soon',
        discreetText: 'preventative care to review',
        createdAt: '2026-11-30T08:00:00.000Z',
      }),
    ]);
    // The rest of the week, every day: nothing more, however many items are due.
    for (const now of ['2026-12-01T08:00:00Z', '2026-12-03T12:00:00Z', '2026-12-07T07:59:00Z']) expect(await plan(now, '2026-11-30T08:00:00Z')).toBe(0);
    expect(await plan('2026-12-07T08:00:00Z', '2026-12-07T07:59:00Z')).toBe(1);
    expect((await written()).at(-1)).toMatchObject({ occurrence: '2026-12-07' });
  });

  it('is written when an item becomes due later in the week, as of then, and not at all when none is', async () => {
    await inZone('Europe/Berlin');
    expect(await plan('2026-11-30T08:00:00Z')).toBe(0);
    // Wednesday: an item due in three weeks is added.
    await createCareItem(context.db, context.userId, { dueDate: '2026-12-23' });
    expect(await plan('2026-12-02T15:00:00Z', '2026-12-02T14:59:00Z')).toBe(1);
    expect(await written()).toEqual([expect.objectContaining({ occurrence: '2026-11-30', createdAt: '2026-12-02T15:00:00.000Z', title: 'Preventative care: 1 due soon' })]);
  });
});

describe('switches and patients', () => {
  it('writes nothing of a kind the patient switched off', async () => {
    await inZone('Europe/Berlin');
    await context.db.update(users).set({ appointmentReminders: false }).where(eq(users.id, context.userId));
    await context.db.insert(notificationSettings).values({ userId: context.userId, missedDoses: false });
    const provider = await createProvider(context.db, context.userId);
    await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '08:30' });
    await createMedication(context.db, context.userId, { schedule: { kind: 'daily', times: ['08:00'] } });
    // 08:30 in Berlin: the appointment's day before, and the 08:00 dose within its hour.
    expect(await plan('2026-12-01T07:30:00Z')).toBe(1);
    expect(await kinds()).toEqual(['dose-due 2026-12-01T07:00:00.000Z']);
  });

  it('plans every patient but the seeded demo and one who has died', async () => {
    expect(await patientsToPlan(context.db)).toEqual([{ id: context.userId }, { id: context.otherUserId }]);
    await context.db.update(users).set({ isDemo: true }).where(eq(users.id, context.otherUserId));
    expect(await patientsToPlan(context.db)).toEqual([{ id: context.userId }]);
    await context.db.update(users).set({ deceased: true, deceasedDate: '1996-07-01' }).where(eq(users.id, context.userId));
    expect(await patientsToPlan(context.db)).toEqual([]);
  });

  it('writes nothing for a patient who is not there, and still writes the others’ in the same pass', async () => {
    expect(await plan('2026-12-01T08:00:00Z', null, 9_999)).toBe(0);
    await inZone('UTC');
    await createMedication(context.db, context.userId, { schedule: { kind: 'daily', times: ['08:00'] } });
    const targets = [9_999, context.userId].map((id) => ({ patient: { id }, since: null }));
    expect(await planPatients(context.db, targets, at('2026-12-01T08:00:00Z'))).toBe(1);
    expect(await kinds()).toEqual(['dose-due 2026-12-01T08:00:00.000Z']);
  });
});
