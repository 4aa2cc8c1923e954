import { spawn, type ChildProcess } from 'node:child_process';
import { addHours } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startCallServiceStandIn, type CallServiceStandIn } from '../../../testing/call-service-stand-in';
import { createAppointment, createProvider } from '../../../testing/factories';
import { useTestDatabase } from '../../../testing/test-app';
import { notificationDeliveries, notifications, notificationSettings, reminderPlans, users } from '../../db/schema/index';

// Issue 33: two app processes on one PostgreSQL each compute every patient's reminders every second; a reminder due
// now reaches the webhook once. Real processes (src/server/main.ts), a real PostgreSQL, a real local receiver. On
// PGlite there is nothing to share: one process holds its data folder (ADR 12).

const context = useTestDatabase();
let receiver: CallServiceStandIn;
const processes: ChildProcess[] = [];

function startApp(databaseUrl: string, port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'false',
      LOG_LEVEL: 'warn',
      REMINDERS_EVERY_SECONDS: '1',
      NOTIFY_WEBHOOK_URL: receiver.url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.push(child);
  return child;
}

beforeAll(async () => {
  receiver = await startCallServiceStandIn({ status: 204, body: {} });
});
afterAll(async () => {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await receiver.close();
});

describe.runIf(inject('testDatabase').kind === 'postgres')('two app processes on one PostgreSQL', () => {
  // Two processes start under tsx: on a loaded machine that alone takes tens of seconds.
  it('send a reminder they both compute exactly once', { timeout: 180_000 }, async () => {
    const { database, db, userId } = context;
    if (database.jobs.kind !== 'postgres') throw new Error('a PostgreSQL test database was expected');
    await db.update(users).set({ timeZone: 'UTC', communicationPreference: 'none' }).where(eq(users.id, userId));
    // The test runs on the real clock: quiet hours (22:00–07:00 unless changed) would hold the reminder until morning
    // when it runs at night. Here they are an hour that is not now.
    const hourFromNow = (hours: number) => `${String((new Date().getUTCHours() + hours) % 24).padStart(2, '0')}:00`;
    await db.insert(notificationSettings).values({ userId, quietHoursStart: hourFromNow(2), quietHoursEnd: hourFromNow(3) });
    const provider = await createProvider(db, userId);
    // Twelve hours from now (UTC): its day-before reminder is due now and still useful, whatever the time of day.
    const start = addHours(new Date(), 12);
    await createAppointment(db, userId, provider.id, { appointmentDate: start.toISOString().slice(0, 10), appointmentTime: start.toISOString().slice(11, 16) });
    // The other test user is no patient of this test: no reminders to compute for it.
    await db.delete(users).where(eq(users.id, context.otherUserId));

    startApp(database.jobs.url, 0);
    startApp(database.jobs.url, 0);
    await vi.waitFor(() => expect(receiver.requests).toHaveLength(1), { timeout: 120_000, interval: 200 });
    // Both processes go on computing it every second: wait until the patient was computed again five times more.
    const [first] = await db.select({ at: reminderPlans.plannedAt }).from(reminderPlans);
    await vi.waitFor(
      async () => {
        const [latest] = await db.select({ at: reminderPlans.plannedAt }).from(reminderPlans);
        expect(latest!.at.getTime() - first!.at.getTime()).toBeGreaterThanOrEqual(5_000);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0]!.body)).toMatchObject({ kind: 'appointment-tomorrow', title: expect.stringMatching(/^HealthAssist: you have a reminder \(appointment (today|tomorrow) at \d{1,2}:\d\d\)$/) });
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual([{ n: 1 }]);
    expect(await db.select({ state: notificationDeliveries.state }).from(notificationDeliveries)).toEqual([{ state: 'sent' }]);
  });
});
