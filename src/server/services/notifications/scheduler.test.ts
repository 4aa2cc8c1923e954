import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCallServiceStandIn, type CallServiceStandIn } from '../../../testing/call-service-stand-in';
import { createAppointment, createMedication, createProvider } from '../../../testing/factories';
import { useTestDatabase } from '../../../testing/test-app';
import { notificationDeliveries, notifications, notificationSettings, reminderPlans, users } from '../../db/schema/index';
import type { NotificationChannels } from './channels/types';
import { webhookSender } from './channels/webhook';
import { startReminders, type Reminders } from './scheduler';

// The scheduler with its real parts: pg-boss on the test's database (PGlite or PostgreSQL), a local HTTP server
// receiving what a channel sends, and time moved by pg-boss's TestClock, never by sleeping.

const context = useTestDatabase();
let receiver: CallServiceStandIn;
const silentLog = { info() {}, warn() {}, error() {} };
const ZONE = 'Europe/Berlin'; // UTC+1 in winter
const running: Reminders[] = [];

/** The webhook channel, posting to the local receiver; built once the receiver has its port. */
let channels: NotificationChannels;

async function start(clock: TestClock): Promise<Reminders> {
  const reminders = await startReminders({ database: context.database, channels, publicUrl: 'https://health.example.com', log: silentLog, clock });
  running.push(reminders);
  return reminders;
}

/** What reached the receiver: the webhook's { kind, title, link }, title being the whole sentence. */
/** Waits for a state, never for a time: a cold pg-boss on a busy machine takes seconds to its first fetch. */
const waitFor = (check: () => unknown, options: { timeout?: number } = {}) => vi.waitFor(check, { interval: 100, ...options, timeout: Math.max(options.timeout ?? 0, 30_000) });

const received = () => receiver.requests.map((request) => JSON.parse(request.body) as { kind: string; title: string; link: string });

async function deliveryStates() {
  return context.db.select({ state: notificationDeliveries.state, attempts: notificationDeliveries.attempts }).from(notificationDeliveries);
}

beforeAll(async () => {
  receiver = await startCallServiceStandIn();
  channels = { webhook: webhookSender({ url: receiver.url }, 2_000) };
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((reminders) => reminders.stop()));
  receiver.requests.length = 0;
  receiver.answerWith({ status: 200, body: {} });
});
afterAll(async () => {
  await receiver.close();
});

async function patientInBerlin() {
  await context.db.update(users).set({ timeZone: ZONE, communicationPreference: 'none' }).where(eq(users.id, context.userId));
  const provider = await createProvider(context.db, context.userId, { name: 'Dr. Sarah Chen' });
  return provider;
}

/** An appointment tomorrow whose reminder's first try the receiver has just refused (500); the clock, to go on. */
async function firstTryFailed(): Promise<TestClock> {
  const provider = await patientInBerlin();
  receiver.answerWith({ status: 500, body: {} });
  await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '09:00' });
  const clock = new TestClock('2026-12-01T11:00:00Z');
  await start(clock);
  await waitFor(async () => {
    await clock.tick(1_000);
    expect(receiver.requests).toHaveLength(1);
  });
  return clock;
}

describe('the reminder scheduler', () => {
  it('sends an appointment tomorrow once, in discreet words, with a link into the app', async () => {
    const provider = await patientInBerlin();
    await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '09:00', appointmentType: 'Colonoscopy' });
    // 12:00 in Berlin the day before.
    const clock = new TestClock('2026-12-01T11:00:00Z');
    await start(clock);
    await waitFor(async () => {
      await clock.tick(1_000);
      expect(received()).toHaveLength(1);
    });
    expect(received()[0]).toEqual({
      kind: 'appointment-tomorrow',
      title: 'HealthAssist: you have a reminder (appointment tomorrow at 9:00)',
      link: 'https://health.example.com/appointments',
    });
    expect(JSON.stringify(received())).not.toMatch(/Colonoscopy|Chen/);
    // More minutes pass (the minute's computing runs again): nothing more goes out for it.
    await clock.setTime(clock.now() + 5 * 60_000);
    await clock.tick(61_000);
    expect(received()).toHaveLength(1);
    await waitFor(async () => expect(await deliveryStates()).toEqual([{ state: 'sent', attempts: 1 }]));
  });

  it('names the appointment when the patient switched detailed reminders on for the channel', async () => {
    const provider = await patientInBerlin();
    await context.db.insert(notificationSettings).values({ userId: context.userId, detailedWebhook: true });
    await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '09:00', appointmentType: 'Colonoscopy' });
    const clock = new TestClock('2026-12-01T11:00:00Z');
    await start(clock);
    await waitFor(async () => {
      await clock.tick(1_000);
      expect(received()).toHaveLength(1);
    });
    expect(received()[0]!.title).toBe('HealthAssist: Colonoscopy tomorrow at 9:00 with Dr. Sarah Chen');
  });

  it('tries a failing delivery three times with growing waits, then keeps it as failed', async () => {
    const clock = await firstTryFailed();
    // The first retry waits about 30 s: not before.
    await clock.tick(10_000);
    expect(receiver.requests).toHaveLength(1);
    // The first retry comes 30–60 s after, the second 60–120 s after that (pg-boss's backoff, with its jitter).
    await waitFor(
      async () => {
        await clock.tick(5_000);
        expect(receiver.requests).toHaveLength(2);
      },
      { timeout: 20_000 },
    );
    await waitFor(
      async () => {
        await clock.tick(5_000);
        expect(receiver.requests).toHaveLength(3);
      },
      { timeout: 20_000 },
    );
    await waitFor(async () => expect(await deliveryStates()).toEqual([{ state: 'failed', attempts: 3 }]));
    await clock.setTime(clock.now() + 60 * 60_000);
    await clock.tick(5_000);
    expect(receiver.requests).toHaveLength(3);
  });

  it('keeps a delivery as failed when the job library’s tries run out before the delivery’s own count does', async () => {
    const clock = await firstTryFailed();
    // The first try's failure was not recorded (as when the database failed at that moment): the row counts one less.
    await waitFor(async () => expect(await deliveryStates()).toEqual([{ state: 'pending', attempts: 1 }]));
    await context.db.update(notificationDeliveries).set({ attempts: 0 });
    await waitFor(
      async () => {
        await clock.tick(5_000);
        expect(receiver.requests).toHaveLength(3);
      },
      { timeout: 40_000 },
    );
    await waitFor(async () => expect(await deliveryStates()).toEqual([{ state: 'failed', attempts: 2 }]));
  });

  it('holds a dose reminder in quiet hours unless the medication is marked "remind even at night"', async () => {
    await patientInBerlin();
    await createMedication(context.db, context.userId, { name: 'Melatonin', schedule: { kind: 'daily', times: ['23:00'] } });
    await createMedication(context.db, context.userId, { name: 'Insulin', schedule: { kind: 'daily', times: ['23:00'] }, remindAtNight: true });
    // 23:00 in Berlin: both doses due now, in quiet hours (22:00–07:00).
    const clock = new TestClock('2026-12-01T22:00:00Z');
    await start(clock);
    await waitFor(async () => {
      await clock.tick(1_000);
      expect(received()).toHaveLength(1);
    });
    // The receipt comes before the sender records it: wait for the row.
    await waitFor(async () =>
      expect(await context.db.select({ state: notificationDeliveries.state }).from(notificationDeliveries).orderBy(notificationDeliveries.state)).toEqual([
        { state: 'held' },
        { state: 'sent' },
      ]),
    );
    // Through the night nothing more; at 07:00 the held one goes.
    await clock.setTime('2026-12-02T05:55:00Z');
    await clock.tick(5_000);
    expect(received()).toHaveLength(1);
    await clock.setTime('2026-12-02T06:00:00Z');
    await waitFor(
      async () => {
        await clock.tick(1_000);
        expect(received()).toHaveLength(2);
      },
      { timeout: 20_000 },
    );
    expect(received().map((message) => message.title)).toEqual([
      'HealthAssist: you have a reminder (a dose at 23:00)',
      'HealthAssist: you have a reminder (a dose at 23:00)',
    ]);
  });

  it('after downtime sends what is still useful and marks the rest missed, sending it never', async () => {
    await patientInBerlin();
    // Last computed at 07:00 in Berlin; the app comes back at 10:30. The 08:00 dose is long past its hour, the 10:00
    // one is within it.
    await context.db.insert(reminderPlans).values({ userId: context.userId, plannedAt: new Date('2026-12-01T06:00:00Z') });
    await createMedication(context.db, context.userId, { name: 'Metformin', schedule: { kind: 'daily', times: ['08:00', '10:00'] } });
    const clock = new TestClock('2026-12-01T09:30:00Z');
    await start(clock);
    await waitFor(async () => {
      await clock.tick(1_000);
      expect(received()).toHaveLength(2);
    });
    // The 10:00 dose is due; the 08:00 one is past its hour, but that it is not logged is still worth saying today.
    expect(received().map((message) => message.title).sort()).toEqual([
      'HealthAssist: you have a reminder (a dose at 10:00)',
      'HealthAssist: you have a reminder (a dose at 8:00 is not logged)',
    ]);
    const written = await context.db
      .select({ kind: notifications.kind, occurrence: notifications.occurrence, missed: notifications.missed })
      .from(notifications)
      .orderBy(notifications.occurrence);
    expect(written).toContainEqual({ kind: 'dose-due', occurrence: '2026-12-01T07:00:00.000Z', missed: true });
    expect(written).toContainEqual({ kind: 'dose-due', occurrence: '2026-12-01T09:00:00.000Z', missed: false });
    await clock.tick(10_000);
    expect(received()).toHaveLength(2);
  });

  it('sends a reminder once when two schedulers compute it at the same time', async () => {
    const provider = await patientInBerlin();
    await createAppointment(context.db, context.userId, provider.id, { appointmentDate: '2026-12-02', appointmentTime: '09:00' });
    const clock = new TestClock('2026-12-01T11:00:00Z');
    // Started one after the other: a TestClock attaching to two pg-boss instances at once races on its own table (a
    // test artefact; the real clock has none, and two-processes.test.ts starts two real processes at once).
    const first = await start(clock);
    const second = await start(clock);
    await Promise.all([first.planNow(), second.planNow(), first.planNow(), second.planNow()]);
    await waitFor(async () => {
      await clock.tick(1_000);
      expect(received()).toHaveLength(1);
    });
    await clock.tick(5_000);
    expect(received()).toHaveLength(1);
    expect(await context.db.select().from(notifications)).toHaveLength(1);
    await waitFor(async () => expect(await deliveryStates()).toEqual([{ state: 'sent', attempts: 1 }]));
  });
});
