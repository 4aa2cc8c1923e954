import { fromPglite, PgBoss, systemClock, type Clock, type ConstructorOptions, type JobResult } from 'pg-boss';
import type { NotificationChannel } from '../../../shared/rules/notifications';
import { DELIVERY_ATTEMPTS } from '../../../shared/rules/notifications';
import type { DatabaseHandle, JobStore } from '../../db/client';
import { reminderPlans } from '../../db/schema/index';
import type { NotificationChannels } from './channels/types';
import { deliverOnce, giveUpDelivery } from './deliver';
import { dispatchNotifications, waitingDeliveries, type WaitingDelivery } from './dispatch';
import { patientsToPlan, planPatients } from './planner';
import { notificationsWritten } from './write-notification';

/** The job library's queue of deliveries: one job per delivery row, carrying its id only (ADR 23). */
const DELIVERY_QUEUE = 'notification-delivery';

/** Seconds before a failed delivery's first retry; each later one waits about twice as long (pg-boss's backoff). */
const FIRST_RETRY_SECONDS = 30;
/** A send that has not finished in this time is taken as failed and tried again (channels time out well before). */
const DELIVERY_EXPIRES_SECONDS = 120;
/** Patients whose reminders are computed in one set-based pass (planner.ts): a few queries for all of them. */
const PATIENTS_PER_PASS = 200;
/** Deliveries one worker fetches and sends at once; while batches come full it fetches again at once (a busy minute). */
const DELIVERY_BATCH = 50;
/** Two workers a process; each job's outcome its own (perJobResults), so one failing send does not fail its batch. */
const DELIVERY_WORK = {
  batchSize: DELIVERY_BATCH,
  burstWhenBatchFull: true,
  perJobResults: true,
  localConcurrency: 2,
  pollingIntervalSeconds: 1,
} as const;

interface Logger {
  info(message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ReminderOptions {
  database: DatabaseHandle;
  channels: NotificationChannels;
  /** The app's own address, for the link in a message (channels/index.ts publicUrlFor). */
  publicUrl: string;
  log: Logger;
  /** Where time comes from: the system's, or a test's pg-boss TestClock that the test moves by hand. */
  clock?: Clock;
  /** How often every patient's reminders are computed. */
  planEverySeconds?: number;
}

export interface Reminders {
  /** Computes every patient's reminders now and hands what is due to the job library (what each minute does). */
  planNow(): Promise<void>;
  stop(): Promise<void>;
}

function bossOptions(jobs: JobStore, clock: Clock): ConstructorOptions {
  const common = { schema: 'pgboss', clock, schedule: false, persistWarnings: false } satisfies ConstructorOptions;
  return jobs.kind === 'pglite'
    ? { ...common, db: fromPglite(jobs.client), backend: 'pglite' }
    : { ...common, connectionString: jobs.url, max: 3, application_name: 'healthassist-jobs' };
}

/**
 * Reminders and notifications beyond the app (issue 33, ADR 23). Every `planEverySeconds` each patient's reminders are
 * computed from the data (planner.ts) and written once (the unique row of write-notification.ts); what was written is
 * dispatched to the patient's channels (dispatch.ts) and each delivery becomes a pg-boss job, tried at most
 * DELIVERY_ATTEMPTS times with backoff (deliver.ts). Several app processes may run this on one PostgreSQL: each
 * computes, but a reminder is written, dispatched and sent once.
 */
export async function startReminders({
  database,
  channels,
  publicUrl,
  log,
  clock = systemClock,
  planEverySeconds = 60,
}: ReminderOptions): Promise<Reminders> {
  const { db } = database;
  const available = new Set(Object.keys(channels) as NotificationChannel[]);
  const boss = new PgBoss(bossOptions(database.jobs, clock));
  // pg-boss's own troubles (a lost connection, a slow query) are logged, never thrown at the app.
  boss.on('error', (error) => log.error({ err: error }, 'the job library failed'));
  await boss.start();
  await boss.createQueue(DELIVERY_QUEUE, {
    retryLimit: DELIVERY_ATTEMPTS - 1,
    retryDelay: FIRST_RETRY_SECONDS,
    retryBackoff: true,
    expireInSeconds: DELIVERY_EXPIRES_SECONDS,
  });

  const handOver = async (deliveries: WaitingDelivery[]) => {
    if (deliveries.length === 0) return;
    await boss.insert(
      DELIVERY_QUEUE,
      deliveries.map((delivery) => ({ id: delivery.jobId, data: { deliveryId: delivery.id }, startAfter: delivery.notBefore })),
    );
  };

  const now = () => new Date(clock.now());

  const dispatch = async () => {
    // A batch at a time until none is left: a minute with 10,000 reminders is dispatched in one pass of passes.
    for (;;) {
      const deliveries = await dispatchNotifications(db, available, now());
      if (deliveries.length === 0) return;
      await handOver(deliveries);
    }
  };

  const plan = async () => {
    const at = now();
    const lastPlanned = new Map((await db.select().from(reminderPlans)).map((row) => [row.userId, row.plannedAt]));
    const patients = await patientsToPlan(db);
    for (let first = 0; first < patients.length; first += PATIENTS_PER_PASS) {
      const some = patients.slice(first, first + PATIENTS_PER_PASS);
      await planPatients(db, some.map((patient) => ({ patient, since: lastPlanned.get(patient.id) ?? null })), at);
      await db
        .insert(reminderPlans)
        .values(some.map((patient) => ({ userId: patient.id, plannedAt: at })))
        .onConflictDoUpdate({ target: reminderPlans.userId, set: { plannedAt: at } });
    }
    await dispatch();
  };

  // One pass at a time in this process, and at most one waiting behind it (a plan, if any caller asked for one): a
  // pass that outlasts its minute is not stacked on, and a caller's promise settles when the pass it asked for is done.
  let chain: Promise<void> = Promise.resolve();
  let waiting: { kind: 'plan' | 'dispatch'; done: Promise<void> } | null = null;
  const runOnce = (kind: 'plan' | 'dispatch'): Promise<void> => {
    if (waiting) {
      if (kind === 'plan') waiting.kind = 'plan';
      return waiting.done;
    }
    const entry: { kind: 'plan' | 'dispatch'; done: Promise<void> } = { kind, done: Promise.resolve() };
    entry.done = chain.then(async () => {
      waiting = null;
      try {
        await (entry.kind === 'plan' ? plan() : dispatch());
        // On PGlite what a pass wrote is made durable as a request's write is (ADR 18); nothing written, nothing to do.
        await database.syncToDisk?.();
      } catch (error) {
        log.error({ err: error }, 'computing or dispatching reminders failed');
      }
    });
    waiting = entry;
    chain = entry.done;
    return entry.done;
  };

  await boss.work<{ deliveryId: number }, unknown, typeof DELIVERY_WORK>(
    DELIVERY_QUEUE,
    DELIVERY_WORK,
    (jobs) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          const outcome = await deliverOnce(db, job.data.deliveryId, channels, publicUrl, now()).catch((error: unknown) => {
            log.error({ err: error }, 'a delivery could not be read or recorded');
            return 'retry' as const;
          });
          if (outcome !== 'retry') return { id: job.id, status: 'completed' };
          // 'failed' to pg-boss tries it again after its backoff while tries are left. The delivery row keeps its own
          // count, which lags pg-boss's when a try could not be recorded (the database failed) or never finished (the
          // process stopped mid-send): on pg-boss's last try the row is failed too, so it shows as failed in the app
          // rather than waiting for ever.
          if (job.retryCount >= DELIVERY_ATTEMPTS - 1) {
            await giveUpDelivery(db, job.data.deliveryId).catch((error: unknown) => log.error({ err: error }, 'a delivery could not be recorded as failed'));
          }
          return { id: job.id, status: 'failed' };
        }),
      ),
  );

  const onWritten = () => void runOnce('dispatch');
  notificationsWritten.addEventListener('written', onWritten);
  // Deliveries a stopped process wrote but never handed over, then what is due now (the catch-up after downtime).
  await handOver(await waitingDeliveries(db));
  await runOnce('plan');
  const timer = clock.setInterval(() => void runOnce('plan'), planEverySeconds * 1000);
  log.info(`reminders: computed every ${planEverySeconds} s; sent by ${available.size ? [...available].join(', ') : 'no channel beyond the app'}`);

  return {
    planNow: () => runOnce('plan'),
    async stop() {
      clock.clearInterval(timer);
      notificationsWritten.removeEventListener('written', onWritten);
      await chain;
      await boss.stop({ graceful: true, close: true, timeout: 5_000 });
    },
  };
}
