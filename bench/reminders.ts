// `npm run bench -- reminders` (issue 33): 10,000 reminders due in the same minute — 1,000 patients with ten
// medications each, every dose due at that minute — computed, dispatched and sent by two schedulers on one database (as
// two app processes would be), each delivery a webhook POST to a local receiver. Prints how long from the minute until
// the last one arrived, and how many arrived more than once. Issue 33's goal: within 60 s on PostgreSQL, no duplicate.
import { TestClock } from 'pg-boss';
import { wipeData } from '../src/server/db/reset';
import { medications, users } from '../src/server/db/schema/index';
import { webhookSender } from '../src/server/services/notifications/channels/webhook';
import { startReminders, type Reminders } from '../src/server/services/notifications/scheduler';
import { startLocalServer } from '../src/testing/local-server';
import type { BenchBackend } from './backends';

export const PATIENTS = 1_000;
export const MEDICATIONS_EACH = 10;
export const REMINDERS = PATIENTS * MEDICATIONS_EACH;
export const SEND_GOAL_S = 60;
/** Each process computes, dispatches and sends; two show that a reminder is still sent once. */
const SCHEDULERS = 2;
const silentLog = { info() {}, warn() {}, error() {} };

export interface ReminderFigures {
  /** From the minute's start to the last delivery received. */
  seconds: number;
  received: number;
  /** Deliveries received more than once (by the reminder's job). */
  duplicates: number;
  /** The reminders' computing pass alone (both schedulers at once), seconds. */
  planSeconds: number;
}

export async function benchReminders(backend: BenchBackend): Promise<ReminderFigures> {
  const handle = await backend.open();
  const seen = new Map<string, number>();
  let lastAt = 0;
  const receiver = await startLocalServer((_request, body, response) => {
    const key = body.toString('utf8');
    seen.set(key, (seen.get(key) ?? 0) + 1);
    lastAt = performance.now();
    response.writeHead(204).end();
  });
  const schedulers: Reminders[] = [];
  try {
    await wipeData(handle.db);
    // Every dose due at 09:00 UTC; the clock starts there, so each is due now and none was due before.
    const patients = await handle.db
      .insert(users)
      .values(
        Array.from({ length: PATIENTS }, (_, i) => ({
          username: `bench${i}`,
          displayName: `Bench Patient ${i}`,
          email: `bench${i}@example.com`,
          timeZone: 'UTC',
          communicationPreference: 'none' as const,
        })),
      )
      .returning({ id: users.id });
    await handle.db.insert(medications).values(
      patients.flatMap(({ id }) =>
        Array.from({ length: MEDICATIONS_EACH }, (_, m) => ({
          userId: id,
          // Each dose's words differ by patient and medication, so a receipt names its reminder.
          name: `Medication ${id}-${m}`,
          schedule: { kind: 'daily' as const, times: ['09:00'] },
          remindAtNight: true,
        })),
      ),
    );
    const clock = new TestClock('2026-12-01T09:00:00Z');
    // Detailed words, so that each receipt names its medication and a duplicate is seen as one.
    await handle.db.execute(
      `insert into notification_settings (user_id, detailed_webhook) select id, true from users` as unknown as Parameters<typeof handle.db.execute>[0],
    );
    const channels = { webhook: webhookSender({ url: receiver.url }) };
    const started = performance.now();
    const planStart = performance.now();
    for (let i = 0; i < SCHEDULERS; i++) {
      schedulers.push(await startReminders({ database: handle, channels, publicUrl: 'http://127.0.0.1', log: silentLog, clock, planEverySeconds: 60 }));
    }
    await Promise.all(schedulers.map((scheduler) => scheduler.planNow()));
    const planSeconds = (performance.now() - planStart) / 1000;
    // The workers poll on the test clock's timers: move it a second at a time until everything arrived or the goal passed.
    while (seen.size < REMINDERS && performance.now() - started < 3 * SEND_GOAL_S * 1000) {
      await clock.tick(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const received = [...seen.values()].reduce((sum, count) => sum + count, 0);
    return {
      seconds: ((lastAt || performance.now()) - started) / 1000,
      received,
      duplicates: [...seen.values()].filter((count) => count > 1).length,
      planSeconds,
    };
  } finally {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    await receiver.close();
    await handle.close();
  }
}

export function remindersLine(label: string, figures: ReminderFigures): string {
  const met = figures.seconds <= SEND_GOAL_S && figures.received === REMINDERS && figures.duplicates === 0;
  return (
    `  ${label}: ${figures.received.toLocaleString('en')} of ${REMINDERS.toLocaleString('en')} received in ${figures.seconds.toFixed(1)} s ` +
    `(computing ${figures.planSeconds.toFixed(1)} s), ${figures.duplicates} received twice; ` +
    `goal ≤ ${SEND_GOAL_S} s, none twice: ${met ? 'met' : 'NOT met'}`
  );
}
